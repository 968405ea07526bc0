// Webhooks: registration, matching of logged requests, and signed delivery with bounded retries (spec 4.11, 6).
// The ingestion writer calls enqueueRequestEvents after rows land; delivery runs on the queue, off the request path.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { Logger } from '../logger.js';
import type {
  CreateWebhookBody,
  CreatedWebhook,
  DeliveryAttempt,
  DeliveryStatus,
  Webhook,
  WebhookConfig,
  WebhookConfigInput,
} from '../../schema/webhooks.js';
import { AttemptLog } from './attempts.js';
import { attemptDelivery, Connector, type AttemptOutcome, type DeliveryJob } from './deliver.js';
import { DestinationRefusedError, hostOf, systemResolver, vetHost, type Resolver } from './destination.js';
import { eventId, matches, requestLoggedBody, toRow, type RowInput } from './events.js';
import { BullDeliveryQueue, LocalDeliveryQueue, type DeliveryQueue, type HandlerResult } from './queue.js';
import { newSecret } from './signature.js';
import * as store from './store.js';

export interface WebhookServiceOptions {
  db: Db;
  logger: Logger;
  /** Set: deliveries go through BullMQ on this Redis. Unset: an in-process queue. */
  redisUrl?: string;
  /** BullMQ key prefix (default `switchyard`). */
  prefix?: string;
  /** False in a process that should enqueue but leave delivery to other processes (BullMQ only). */
  runWorker?: boolean;
  /** Attempts per event, the first included (default 8: retries after about 2, 4, 8 ... 128 s). */
  maxAttempts?: number;
  baseDelayMs?: number;
  /** Per-attempt HTTP timeout (default 10 s). */
  timeoutMs?: number;
  /** Attempts in flight at once (default 16) ... */
  concurrency?: number;
  /** ... of which one organisation may hold (default 4), so a hanging destination cannot starve the others. */
  orgConcurrency?: number;
  /** In-process queue only: most events waiting at once (default 10,000) ... */
  maxPending?: number;
  /** ... and for one organisation (default 2,000). */
  maxPendingPerOrg?: number;
  /** How long a process trusts its cached list of an organisation's webhooks (default 2 s). */
  cacheMs?: number;
  /** In-process queue only: how long shutdown keeps delivering what is queued (default 5 s). */
  drainMs?: number;
  /**
   * True: destinations may be loopback, private, link-local ... addresses (WEBHOOK_ALLOW_PRIVATE_DESTINATIONS).
   * Default false: registration and every delivery connection refuse them.
   */
  allowPrivateDestinations?: boolean;
  /** How host names are resolved for that check (default: the system resolver). */
  resolve?: Resolver;
}

interface ActiveWebhook {
  id: string;
  destination: string;
  secret: string;
  config: WebhookConfig;
  includeData: boolean;
  createdAt: string;
}

const iso = (v: string | number) =>
  typeof v === 'number' ? new Date(v).toISOString() : new Date(v.replace(' ', 'T') + 'Z').toISOString();

function normaliseConfig(input: WebhookConfigInput = {}): WebhookConfig {
  return {
    events: input.events ?? ['request.logged'],
    sampleRate: input.sampleRate ?? 100,
    propertyFilters: input.propertyFilters ?? [],
  };
}

/**
 * Only http(s): the destination gets signed POSTs, nothing else. Unless private destinations are allowed, the host
 * must resolve to public addresses only (see destination.ts); delivery checks again on every connection.
 */
async function checkDestination(raw: string, resolve: Resolver | undefined): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValidationError('body.destination: must be an absolute http or https URL', 'body.destination');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ValidationError(`body.destination: must use http or https, got "${url.protocol}"`, 'body.destination');
  }
  if (resolve) {
    try {
      await vetHost(hostOf(url), resolve);
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      const why = err instanceof DestinationRefusedError ? e.message : `${hostOf(url)} does not resolve (${e.code ?? e.message})`;
      throw new ValidationError(`body.destination: ${why}`, 'body.destination');
    }
  }
  return url.href;
}

function fromRow(row: store.WebhookRow): ActiveWebhook {
  return {
    id: row.id,
    destination: row.destination,
    secret: row.secret,
    config: JSON.parse(row.config) as WebhookConfig,
    includeData: row.include_data,
    createdAt: iso(row.created_at),
  };
}

const toApi = (h: ActiveWebhook): Webhook => ({
  id: h.id,
  destination: h.destination,
  config: h.config,
  includeData: h.includeData,
  created_at: h.createdAt,
});

export class WebhookService {
  private readonly db: Db;
  private readonly logger: Logger;
  private readonly maxAttempts: number;
  private readonly timeoutMs: number;
  private readonly cacheMs: number;
  private readonly cache = new Map<string, { at: number; hooks: Promise<ActiveWebhook[]> }>();
  private readonly attempts: AttemptLog;
  private readonly queue: DeliveryQueue;
  /** Undefined when private destinations are allowed: nothing to vet. */
  private readonly resolve: Resolver | undefined;
  private readonly connector: Connector;

  constructor(opts: WebhookServiceOptions) {
    this.resolve = opts.allowPrivateDestinations ? undefined : (opts.resolve ?? systemResolver);
    this.connector = new Connector(this.resolve);
    this.db = opts.db;
    this.logger = opts.logger;
    this.maxAttempts = opts.maxAttempts ?? 8;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.cacheMs = opts.cacheMs ?? 2000;
    this.attempts = new AttemptLog(this.db, this.logger);
    const policy = { maxAttempts: this.maxAttempts, baseDelayMs: opts.baseDelayMs ?? 2000 };
    const handler = (job: DeliveryJob, attempt: number) => this.deliver(job, attempt);
    this.queue = opts.redisUrl
      ? new BullDeliveryQueue(handler, {
          ...policy,
          redisUrl: opts.redisUrl,
          prefix: opts.prefix ?? 'switchyard',
          concurrency: opts.concurrency ?? 16,
          orgConcurrency: opts.orgConcurrency ?? 4,
          runWorker: opts.runWorker ?? true,
          onError: (err) => this.logger.error({ err }, 'webhook queue error'),
        })
      : new LocalDeliveryQueue(handler, {
          ...policy,
          concurrency: opts.concurrency ?? 16,
          orgConcurrency: opts.orgConcurrency ?? 4,
          maxPending: opts.maxPending ?? 10_000,
          maxPendingPerOrg: opts.maxPendingPerOrg ?? 2000,
          drainMs: opts.drainMs ?? 5000,
          onDrop: (job, attempt, reason) => this.record(job, attempt, 'dropped', { httpStatus: 0, error: reason, durationMs: 0 }),
        });
  }

  async create(org: string, body: CreateWebhookBody): Promise<CreatedWebhook> {
    const now = Date.now();
    const hook: ActiveWebhook = {
      id: randomUUID(),
      destination: await checkDestination(body.destination, this.resolve),
      secret: newSecret(),
      config: normaliseConfig(body.config),
      includeData: body.includeData ?? false,
      createdAt: new Date(now).toISOString(),
    };
    await store.insertWebhook(this.db, {
      organization_id: org,
      id: hook.id,
      destination: hook.destination,
      config: JSON.stringify(hook.config),
      include_data: hook.includeData,
      secret: hook.secret,
      created_at: now,
      deleted: false,
      version: now,
    });
    this.cache.delete(org);
    return { ...toApi(hook), secret: hook.secret };
  }

  async list(org: string): Promise<Webhook[]> {
    return (await this.load(org)).map(toApi);
  }

  async delete(org: string, id: string): Promise<void> {
    const row = (await store.listWebhooks(this.db, { org })).find((r) => r.id === id);
    if (!row) throw new NotFoundError(`webhookId: no webhook with id ${id}`, 'webhookId');
    await store.insertWebhook(this.db, { ...row, deleted: true, version: Math.max(Date.now(), Number(row.version) + 1) });
    this.cache.delete(org);
  }

  async deliveries(org: string, webhookId: string, limit: number): Promise<DeliveryAttempt[]> {
    if (!(await this.load(org)).some((h) => h.id === webhookId)) {
      throw new NotFoundError(`webhookId: no webhook with id ${webhookId}`, 'webhookId');
    }
    await this.attempts.flush();
    const rows = await store.listAttempts(this.db, { org, webhookId, limit });
    return rows.map((r) => ({
      event_id: r.event_id,
      event_type: r.event_type,
      request_id: r.request_id,
      attempt: Number(r.attempt),
      status: r.status,
      http_status: Number(r.http_status),
      error: r.error,
      duration_ms: Number(r.duration_ms),
      attempted_at: iso(r.attempted_at),
    }));
  }

  /**
   * Queues a `request.logged` event for every (row, webhook) pair that matches, and resolves once they are queued
   * (not delivered). Rows are those of request_response_rmt as the writer inserted them, as objects or JSON lines.
   * Safe to call again for the same rows: event ids are derived from (organisation, webhook, request), and the queue
   * ignores an id it already has. Resolves to the number of matching pairs. Rejects only if the queue is unreachable.
   */
  async enqueueRequestEvents(organizationId: string, rows: readonly RowInput[]): Promise<number> {
    if (rows.length === 0) return 0;
    const hooks = (await this.load(organizationId)).filter((h) => h.config.events.includes('request.logged'));
    // The common case (no webhooks) costs one cached lookup: rows are not even parsed.
    if (hooks.length === 0) return 0;
    const createdAt = new Date().toISOString();
    const jobs: DeliveryJob[] = [];
    for (const input of rows) {
      const row = toRow(input);
      for (const hook of hooks) {
        if (!matches(hook, row, 'request.logged')) continue;
        const id = eventId(organizationId, hook.id, row.request_id);
        jobs.push({
          eventId: id,
          eventType: 'request.logged',
          organizationId,
          webhookId: hook.id,
          requestId: row.request_id,
          body: requestLoggedBody(hook, row, { eventId: id, createdAt }),
        });
      }
    }
    await this.queue.add(jobs);
    return jobs.length;
  }

  /** Stops delivering (BullMQ: jobs stay in Redis; in-process: drains briefly) and writes the attempt records. */
  async close(): Promise<void> {
    await this.queue.close();
    this.connector.close();
    await this.attempts.flush();
  }

  /** The organisation's live webhooks, cached briefly: ingestion asks for every batch. */
  private load(org: string): Promise<ActiveWebhook[]> {
    const hit = this.cache.get(org);
    if (hit && Date.now() - hit.at < this.cacheMs) return hit.hooks;
    const hooks = store.listWebhooks(this.db, { org }).then((rows) => rows.map(fromRow));
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(org, { at: Date.now(), hooks });
    hooks.catch(() => this.cache.delete(org));
    return hooks;
  }

  private async deliver(job: DeliveryJob, attempt: number): Promise<HandlerResult> {
    // Looked up on every attempt: a webhook deleted meanwhile gets nothing more, a secret never sits in the queue.
    const hook = (await this.load(job.organizationId)).find((h) => h.id === job.webhookId);
    if (!hook) {
      this.record(job, attempt, 'dropped', { httpStatus: 0, error: 'webhook deleted', durationMs: 0 });
      return 'done';
    }
    const outcome = await attemptDelivery(hook, job, attempt, this.timeoutMs, this.connector);
    const retry = !outcome.ok && outcome.retryable && attempt < this.maxAttempts;
    this.record(job, attempt, outcome.ok ? 'delivered' : retry ? 'retrying' : 'failed', outcome);
    if (!outcome.ok) {
      this.logger.warn({ webhookId: job.webhookId, eventId: job.eventId, attempt, error: outcome.error }, 'webhook delivery failed');
    }
    return retry ? 'retry' : 'done';
  }

  private record(job: DeliveryJob, attempt: number, status: DeliveryStatus, o: Omit<AttemptOutcome, 'ok' | 'retryable'>) {
    this.attempts.record({
      organization_id: job.organizationId,
      webhook_id: job.webhookId,
      event_id: job.eventId,
      event_type: job.eventType,
      request_id: job.requestId,
      attempt,
      status,
      http_status: o.httpStatus,
      error: o.error.slice(0, 1000),
      duration_ms: o.durationMs,
      attempted_at: Date.now(),
    });
  }
}
