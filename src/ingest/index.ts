// Builds ingestion for a process: the buffer (BullMQ on Redis when REDIS_URL is set, in-process group commit
// otherwise), the batch writer, optional workers, and the request write path that shares their coordination.
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Logger } from '../logger.js';
import { RequestMutations } from '../requests/mutations.js';
import type { IngestBuffer } from './buffer.js';
import { BullmqBuffer } from './bullmq-buffer.js';
import { BufferedRowCounter, DEFAULT_RETRY, ingestQueue, type IngestJob, type JobRetryPolicy } from './bullmq-shared.js';
import { IngestWorker, type IngestWorkerOptions } from './bullmq-worker.js';
import { MemoryCoordination, type Coordination } from './coordination.js';
import { MemoryBuffer } from './memory-buffer.js';
import { RedisCoordination } from './redis-coordination.js';
import { BatchWriter, type WriterHooks } from './writer.js';

export interface IngestOptions {
  /** BullMQ mode: run workers in this process (default `config.ingest.workers`). */
  workers?: boolean;
  /** BullMQ mode: accept logs here (default true; `switchyard worker` runs without). */
  producer?: boolean;
  worker?: Partial<IngestWorkerOptions>;
  retry?: JobRetryPolicy;
  /** BullMQ mode: how long a POST waits for others to share its job (ms). */
  lingerMs?: number;
  /**
   * Called after rows of an organisation landed in ClickHouse: the hook point for webhooks
   * (`(landed) => webhooks.enqueueRequestEvents(landed.organizationId, landed.lines.map((line) => ({ line })))`).
   */
  onLanded?: WriterHooks['onLanded'];
}

export interface Ingest {
  readonly mode: 'memory' | 'bullmq';
  /** Absent in a worker-only process. */
  readonly buffer?: IngestBuffer;
  readonly mutations: RequestMutations;
  readonly coordination: Coordination;
  readonly writer: BatchWriter;
  readonly worker?: IngestWorker;
  readonly queue?: Queue<IngestJob>;
  readonly counter?: BufferedRowCounter;
  /** Redis reachable (BullMQ mode); resolves at once otherwise. */
  ready(): Promise<void>;
  /** Flushes acknowledged rows (buffer, then workers), then releases connections. */
  close(): Promise<void>;
}

export function createIngest(deps: { config: Config; db: Db; logger: Logger }, opts: IngestOptions = {}): Ingest {
  const { config, db } = deps;
  const logger = deps.logger.child({ component: 'ingest' });
  const { batchRows, flushMs, maxBufferedRows } = config.ingest;

  if (!config.redisUrl) {
    const coordination = new MemoryCoordination();
    const mutations = new RequestMutations(db, coordination);
    const writer = new BatchWriter(db, coordination, hooksFor(mutations, opts), logger);
    const buffer = new MemoryBuffer(writer, coordination, { batchRows, flushMs, maxBufferedRows }, logger);
    return {
      mode: 'memory', buffer, mutations, coordination, writer,
      ready: async () => {},
      close: () => buffer.close(),
    };
  }

  const prefix = config.redisPrefix;
  // Commands fail after a few retries instead of hanging while Redis is down (the POST gets a 503).
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3, lazyConnect: true });
  redis.on('error', (err) => logger.warn({ err: err.message }, 'redis connection error'));
  const coordination = new RedisCoordination(redis, prefix);
  const mutations = new RequestMutations(db, coordination);
  const writer = new BatchWriter(db, coordination, hooksFor(mutations, opts), logger);
  const counter = new BufferedRowCounter(redis, prefix);
  const queue = ingestQueue(redis, prefix);
  queue.on('error', (err) => logger.warn({ err: err.message }, 'ingest queue error'));
  const buffer =
    opts.producer === false
      ? undefined
      : new BullmqBuffer(queue, counter, coordination, {
          batchRows, maxBufferedRows, lingerMs: opts.lingerMs ?? Math.min(5, flushMs), retry: opts.retry ?? DEFAULT_RETRY,
        });
  let worker: IngestWorker | undefined;
  let workerRedis: Redis | undefined;
  if (opts.workers ?? config.ingest.workers) {
    // Workers block on Redis: they need their own connection, with unlimited retries (BullMQ's requirement).
    workerRedis = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
    workerRedis.on('error', (err) => logger.warn({ err: err.message }, 'redis (worker) connection error'));
    worker = new IngestWorker(workerRedis, prefix, writer, counter, { batchRows, flushMs, ...opts.worker }, logger);
  }
  return {
    mode: 'bullmq', buffer, mutations, coordination, writer, worker, queue, counter,
    // Bounded: ioredis would retry a dead Redis for seconds, and /readyz must answer promptly.
    ready: () => withTimeout(redis.ping(), 2000, 'redis did not answer PING within 2 s'),
    close: async () => {
      await buffer?.close();
      await worker?.close();
      await queue.close();
      redis.disconnect();
      workerRedis?.disconnect();
    },
  };
}

async function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

function hooksFor(mutations: RequestMutations, opts: IngestOptions): WriterHooks {
  return { applyPending: (org, id) => mutations.applyPending(org, id), onLanded: opts.onLanded };
}
