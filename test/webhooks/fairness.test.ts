// Noisy neighbour: one organisation whose destination hangs must not take every delivery slot or fill the queue;
// another organisation's events keep flowing. In-process queue and BullMQ on Redis.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { harness, newOrg } from '../helpers/harness.js';
import { WebhookService, type LoggedRow, type WebhookServiceOptions } from '../../src/webhooks/index.js';
import { createLogger } from '../../src/logger.js';
import { eventually, fakeDestination, type FakeDestination } from './fake-destination.js';

/** A destination that accepts requests and never answers. */
async function hangingDestination() {
  const server = http.createServer(() => undefined);
  let received = 0;
  server.on('request', () => received++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received: () => received,
    close: () => new Promise<void>((r) => (server.close(() => r()), server.closeAllConnections())),
  };
}

const rows = (n: number): LoggedRow[] =>
  Array.from({ length: n }, () => ({ request_id: `req-${randomBytes(6).toString('hex')}`, properties: {} }));

const REDIS_URL = process.env.REDIS_URL;
const prefix = `switchyard-test-${randomBytes(4).toString('hex')}`;

for (const kind of ['in-process', 'bullmq'] as const) {
  (kind === 'bullmq' && !REDIS_URL ? describe.skip : describe)(`webhooks: one organisation cannot starve another (${kind})`, () => {
    let hang: Awaited<ReturnType<typeof hangingDestination>>;
    let dest: FakeDestination;
    let service: WebhookService;
    afterEach(async () => {
      await hang.close(); // attempts in flight end (connection reset), so the service can close
      await service.close();
      await dest.close();
    });
    after(async () => {
      if (kind !== 'bullmq') return;
      const { Redis } = await import('ioredis');
      const r = new Redis(REDIS_URL!);
      const keys = await r.keys(`${prefix}:*`);
      if (keys.length) await r.del(...keys);
      await r.quit();
    });

    it('a hanging destination of org A holds at most its share of slots; org B is delivered meanwhile', async () => {
      hang = await hangingDestination();
      dest = await fakeDestination();
      const { db } = await harness();
      const opts: WebhookServiceOptions = {
        db, logger: createLogger('silent'), allowPrivateDestinations: true, cacheMs: 0, maxAttempts: 1,
        timeoutMs: 60_000, concurrency: 16, orgConcurrency: 4,
        ...(kind === 'bullmq' ? { redisUrl: REDIS_URL, prefix } : { maxPendingPerOrg: 30 }),
      };
      service = new WebhookService(opts);
      const a = await newOrg('noisy');
      const b = await newOrg('quiet');
      await service.create(a.org, { destination: hang.url });
      await service.create(b.org, { destination: dest.url });

      expect(await service.enqueueRequestEvents(a.org, rows(40))).to.equal(40);
      await eventually(async () => hang.received(), (n) => n >= 4);
      const bRows = rows(3);
      await service.enqueueRequestEvents(b.org, bRows);
      // Without the per-organisation cap, A's 40 hanging attempts hold all 16 slots for the 60 s timeout.
      const got = await dest.waitFor(3);
      expect(got.map((g) => g.json.data.request_id).sort()).to.deep.equal(bRows.map((r) => r.request_id).sort());
      expect(hang.received()).to.equal(4);

      if (kind === 'in-process') {
        // A's events beyond its share of the queue (30) were dropped and recorded; B's were not affected.
        await hang.close();
        await service.close();
        const dropped = await db.query<{ error: string }>(
          `SELECT error FROM webhook_deliveries WHERE organization_id = {org:String} AND status = 'dropped'
           AND error LIKE 'delivery queue full%'`,
          { org: a.org },
        );
        expect(dropped.map((d) => d.error)).to.deep.equal(Array(10).fill('delivery queue full for this organisation (30)'));
      }
    });
  });
}
