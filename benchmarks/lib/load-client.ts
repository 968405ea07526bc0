// The ingestion load generator, run in a worker thread so that its HTTP work does not sit on the server's event
// loop (a gateway is another process; the two cores are still shared, as they would be on one host).
// N concurrent clients take the next prepared body from a shared list and POST it; a 429 is retried after its
// Retry-After, as a well-behaved gateway would. Every request is bounded: the run stops after the list is done.
import { parentPort, workerData } from 'node:worker_threads';

export interface LoadJob {
  url: string;
  key: string;
  contentType: string;
  bodies: string[];
  concurrency: number;
  /** Give up on a body after this many 429s (the run then reports it as failed). */
  maxRetries: number;
}

export interface LoadReport {
  startedAt: number;
  finishedAt: number;
  posts: number;
  retries429: number;
  failed: Array<{ status: number; body: string }>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runLoad(job: LoadJob): Promise<LoadReport> {
  let next = 0;
  let retries429 = 0;
  let posts = 0;
  const failed: LoadReport['failed'] = [];
  const headers = { authorization: `Bearer ${job.key}`, 'content-type': job.contentType };
  const startedAt = Date.now();
  const client = async () => {
    for (let i = next++; i < job.bodies.length; i = next++) {
      for (let attempt = 0; ; attempt++) {
        const res = await fetch(job.url, { method: 'POST', headers, body: job.bodies[i] });
        const text = await res.text();
        posts++;
        if (res.status === 202) break;
        if (res.status === 429 && attempt < job.maxRetries) {
          retries429++;
          await sleep(Math.min(2000, 1000 * Number(res.headers.get('retry-after') ?? '1')));
          continue;
        }
        if (failed.length < 20) failed.push({ status: res.status, body: text.slice(0, 300) });
        break;
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, client));
  return { startedAt, finishedAt: Date.now(), posts, retries429, failed };
}

if (parentPort && workerData) {
  runLoad(workerData as LoadJob).then(
    (report) => parentPort!.postMessage({ report }),
    (err: Error) => parentPort!.postMessage({ error: err.stack ?? err.message }),
  );
}
