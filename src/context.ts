// What a running Switchyard holds: config, the engine, the logger and the feature services.
// Built once per process by main.ts (or by tests); the HTTP layer reads it, never builds it.
import { randomBytes } from 'node:crypto';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { KeyStore } from './auth/keys.js';
import type { Logger } from './logger.js';
import { createIngest, type Ingest } from './ingest/index.js';
import { createPromptService, type PromptService } from './prompts/index.js';
import { WebhookService } from './webhooks/index.js';
import { createRegistryService, type RegistryService } from './registry/service.js';

export interface AppContext {
  readonly config: Config;
  readonly db: Db;
  readonly logger: Logger;
  readonly keys: KeyStore;
  /** Secret for the loopback admin API the CLI uses while the server holds the engine. */
  readonly adminToken: string;
  /** Extra readiness checks (Redis ping, ...), run by GET /readyz. */
  readonly readinessChecks: Array<{ name: string; check: () => Promise<void> }>;
  /** Run in order on shutdown after HTTP stops accepting (flush buffers, stop workers). */
  readonly shutdownHooks: Array<() => Promise<void>>;
  /** Log ingestion (buffer, batch writer, workers) and the request write path (properties, scores). */
  readonly ingest: Ingest;
  /** Prompts and their versions (spec 4.6, 4.7, 4.10). */
  readonly prompts: PromptService;
  /** Webhooks: registration and delivery; the ingestion writer calls `webhooks.enqueueRequestEvents(org, rows)`. */
  readonly webhooks: WebhookService;
  /** Model registry: catalog + REGISTRY_FILE, pricing (`registry.cost`), routing (`registry.route`), the public view. */
  readonly registry: RegistryService;
}

export function createContext(input: { config: Config; db: Db; logger: Logger }): AppContext {
  // First: an invalid REGISTRY_FILE stops the start before any service opens connections.
  const registry = createRegistryService(input.config);
  const { redisUrl, redisPrefix } = input.config;
  const prompts = createPromptService(input.db, redisUrl, `${redisPrefix}:lock:`);
  const webhooks = new WebhookService({
    db: input.db, logger: input.logger, redisUrl, prefix: redisPrefix,
    allowPrivateDestinations: input.config.webhookAllowPrivateDestinations,
  });
  const ingest = createIngest(input, {
    onLanded: async (l) => void (await webhooks.enqueueRequestEvents(l.organizationId, l.lines.map((line) => ({ line })))),
  });
  return {
    ...input,
    keys: new KeyStore(input.db, input.config.authCacheMs),
    adminToken: randomBytes(24).toString('base64url'),
    readinessChecks: ingest.mode === 'bullmq' ? [{ name: 'redis', check: () => ingest.ready() }] : [],
    // Hooks that flush logged rows (and so enqueue webhook events) must run before webhooks.close().
    shutdownHooks: [() => ingest.close(), () => prompts.close(), () => webhooks.close()],
    ingest,
    prompts,
    webhooks,
    registry,
  };
}
