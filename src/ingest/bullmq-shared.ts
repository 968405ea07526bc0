// What the BullMQ producer, worker and dead-letter tools share: the queue, the job payload and the row counter
// behind backpressure.
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { BatchPart } from './writer.js';

export const INGEST_QUEUE = 'ingest';

/** A job carries many rows (one or more accepted POSTs), never one: BullMQ moves ~8k jobs/s per worker. */
export interface IngestJob {
  v: 1;
  parts: BatchPart[];
}

export function isIngestJob(data: unknown): data is IngestJob {
  const d = data as IngestJob;
  return (
    d?.v === 1 &&
    Array.isArray(d.parts) &&
    d.parts.every(
      (p) =>
        typeof p?.org === 'string' &&
        Array.isArray(p.ids) &&
        Array.isArray(p.lines) &&
        Array.isArray(p.createdAt) &&
        p.ids.length === p.lines.length &&
        p.ids.length === p.createdAt.length,
    )
  );
}

export interface JobRetryPolicy {
  /** Insert attempts before a job moves to the dead-letter queue (BullMQ's failed set). */
  attempts: number;
  /** First retry delay; doubles each attempt. */
  backoffMs: number;
}

export const DEFAULT_RETRY: JobRetryPolicy = { attempts: 8, backoffMs: 1000 };

export function ingestQueue(connection: Redis, prefix: string): Queue<IngestJob> {
  return new Queue<IngestJob>(INGEST_QUEUE, { connection, prefix });
}

// Buffered rows, counted per job so that counting is idempotent: a job is added once and released once, whatever
// the retries, redeliveries and crashes in between. KEYS: per-job hash, total. ARGV: job id, rows, limit (0 = none).
const ADD = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return tonumber(redis.call('GET', KEYS[2]) or '0') end
local total = tonumber(redis.call('GET', KEYS[2]) or '0')
local limit = tonumber(ARGV[3])
if limit > 0 and total > 0 and total + tonumber(ARGV[2]) > limit then return -1 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return redis.call('INCRBY', KEYS[2], ARGV[2])`;
const RELEASE = `
local n = redis.call('HGET', KEYS[1], ARGV[1])
if not n then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
return redis.call('DECRBY', KEYS[2], n)`;

export class BufferedRowCounter {
  private readonly perJob: string;
  private readonly total: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.perJob = `${prefix}:buffer:jobs`;
    this.total = `${prefix}:buffer:rows`;
  }

  /** Counts a job's rows; false (nothing counted) when that would pass `limit`. An empty buffer admits any job. */
  async add(jobId: string, rows: number, limit = 0): Promise<boolean> {
    return (await this.redis.eval(ADD, 2, this.perJob, this.total, jobId, String(rows), String(limit))) !== -1;
  }

  async release(jobId: string): Promise<void> {
    await this.redis.eval(RELEASE, 2, this.perJob, this.total, jobId);
  }

  async rows(): Promise<number> {
    return Number((await this.redis.get(this.total)) ?? 0);
  }
}
