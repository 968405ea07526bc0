import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  // Credentials never reach the logs.
  return pino({
    level,
    base: { service: 'switchyard' },
    redact: { paths: ['req.headers.authorization', 'req.headers["x-switchyard-admin"]'], censor: '[redacted]' },
  });
}
