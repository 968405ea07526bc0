// The dead-letter queue is the ingest queue's failed set: jobs whose insert failed on every attempt (or that
// stalled too often). They keep their rows; `switchyard dlq replay` puts them back in line with fresh attempts.
import type { Queue } from 'bullmq';
import { rowsOf } from './buffer.js';
import { isIngestJob, type BufferedRowCounter, type IngestJob } from './bullmq-shared.js';

export interface DeadLetter {
  jobId: string;
  rows: number;
  failedReason: string;
  attemptsMade: number;
  failedAt?: string;
}

export async function listDeadLetters(queue: Queue<IngestJob>, limit = 1000): Promise<{ total: number; jobs: DeadLetter[] }> {
  const total = await queue.getFailedCount();
  const jobs = (await queue.getFailed(0, Math.max(0, limit - 1))).filter(Boolean);
  return {
    total,
    jobs: jobs.map((j) => ({
      jobId: String(j.id),
      rows: isIngestJob(j.data) ? rowsOf(j.data.parts) : 0,
      failedReason: j.failedReason ?? '',
      attemptsMade: j.attemptsMade,
      failedAt: j.finishedOn ? new Date(j.finishedOn).toISOString() : undefined,
    })),
  };
}

/** Re-queues every dead letter with fresh attempts; returns how many jobs and rows went back. */
export async function replayDeadLetters(queue: Queue<IngestJob>, counter: BufferedRowCounter): Promise<{ jobs: number; rows: number }> {
  let jobs = 0;
  let rows = 0;
  // A snapshot of ids: a job that fails again during the replay must not be replayed twice in one run.
  const ids = await queue.getRanges(['failed'], 0, -1, true);
  for (const id of ids) {
    const job = await queue.getJob(id);
    if (!job || !(await job.isFailed())) continue;
    const n = isIngestJob(job.data) ? rowsOf(job.data.parts) : 0;
    // Counted again while buffered; no limit: these rows were acknowledged long ago.
    await counter.add(String(job.id), n, 0);
    await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    jobs++;
    rows += n;
  }
  return { jobs, rows };
}
