// `switchyard worker` (ingestion workers without the HTTP API) and `switchyard dlq list|replay` (dead letters).
import type { Command } from 'commander';
import { Redis } from 'ioredis';
import { loadConfig, type Config } from '../config.js';
import { createContext } from '../context.js';
import { openDb } from '../db/client.js';
import { EngineLockedError } from '../db/errors.js';
import { migrate } from '../db/migrate.js';
import { BufferedRowCounter, ingestQueue } from '../ingest/bullmq-shared.js';
import { listDeadLetters, replayDeadLetters } from '../ingest/dlq.js';
import { createLogger } from '../logger.js';
import { CliError } from './admin.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function requireRedis(config: Config, what: string): string {
  if (!config.redisUrl) throw new CliError(`${what} needs REDIS_URL (without Redis the API process ingests by itself)`);
  return config.redisUrl;
}

async function withQueue<T>(fn: (q: ReturnType<typeof ingestQueue>, counter: BufferedRowCounter) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const redis = new Redis(requireRedis(config, 'the dead-letter queue'), { maxRetriesPerRequest: 3 });
  const queue = ingestQueue(redis, config.redisPrefix);
  try {
    return await fn(queue, new BufferedRowCounter(redis, config.redisPrefix));
  } finally {
    await queue.close();
    redis.disconnect();
  }
}

export function registerIngestCommands(program: Command): void {
  program
    .command('worker')
    .description('run the ingestion workers (and webhook delivery) without the HTTP API; needs REDIS_URL')
    .action(async () => {
      const base = loadConfig();
      requireRedis(base, 'switchyard worker');
      const config = { ...base, ingest: { ...base.ingest, workers: true } };
      const logger = createLogger(config.logLevel);
      let db;
      try {
        db = await openDb(config);
      } catch (err) {
        if (err instanceof EngineLockedError) {
          throw new CliError(`${err.message}; with the embedded engine the API process runs the workers itself (or use CLICKHOUSE_URL)`);
        }
        throw err;
      }
      await migrate(db);
      const ctx = createContext({ config, db, logger });
      logger.info({ engine: db.kind, prefix: config.redisPrefix }, 'switchyard worker running');
      const stop = async (signal: string) => {
        logger.info({ signal }, 'worker shutting down');
        for (const hook of ctx.shutdownHooks) await hook().catch((err) => logger.error({ err }, 'shutdown hook failed'));
        await db.close();
        logger.info('worker stopped');
        process.exit(0);
      };
      process.once('SIGINT', () => void stop('SIGINT'));
      process.once('SIGTERM', () => void stop('SIGTERM'));
    });

  const dlq = program.command('dlq').description('ingestion dead-letter queue (jobs whose insert failed on every attempt); needs REDIS_URL');
  dlq
    .command('list')
    .description('count and list dead-letter jobs: id, rows, attempts, failed at, reason')
    .option('--limit <n>', 'list at most this many', '100')
    .action(async (opts: { limit: string }) => {
      await withQueue(async (queue) => {
        const { total, jobs } = await listDeadLetters(queue, Math.max(1, Number(opts.limit) || 100));
        console.log(`${plural(total, 'dead-letter job')}`);
        for (const j of jobs) console.log([j.jobId, plural(j.rows, 'row'), `attempts ${j.attemptsMade}`, j.failedAt ?? '', j.failedReason.split('\n')[0]].join('\t'));
      });
    });
  dlq
    .command('replay')
    .description('re-queue every dead-letter job with fresh attempts (rows are idempotent: replaying twice is safe)')
    .action(async () => {
      await withQueue(async (queue, counter) => {
        const { jobs, rows } = await replayDeadLetters(queue, counter);
        console.log(`re-queued ${plural(jobs, 'job')} (${plural(rows, 'row')})`);
      });
    });
}
