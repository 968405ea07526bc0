// The per-prompt lock: in-process, and on real Redis as several processes would use it (separate connections).
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import { harness, newOrg } from '../helpers/harness.js';
import { LocalLock, RedisLock, type KeyedLock } from '../../src/locks/keyed-lock.js';
import { PromptService } from '../../src/prompts/service.js';
import { TooManyRequestsError } from '../../src/errors.js';

const tick = () => new Promise((r) => setTimeout(r, 2));

/** A read-modify-write that loses updates unless callers are serialised. */
async function racyIncrements(locks: KeyedLock[], key: string, n: number): Promise<number> {
  let counter = 0;
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      locks[i % locks.length]!.withLock(key, async () => {
        const seen = counter;
        await tick();
        counter = seen + 1;
      }),
    ),
  );
  return counter;
}

describe('prompt lock: in-process', () => {
  it('serialises one key, in arrival order', async () => {
    const lock = new LocalLock();
    expect(await racyIncrements([lock], 'k', 25)).to.equal(25);
    const order: number[] = [];
    await Promise.all([1, 2, 3, 4].map((i) => lock.withLock('k', async () => void order.push(i))));
    expect(order).to.deep.equal([1, 2, 3, 4]);
  });

  it('different keys do not wait for each other, and a failing holder releases the key', async () => {
    const lock = new LocalLock();
    let releaseA!: () => void;
    const a = lock.withLock('a', () => new Promise<void>((r) => (releaseA = r)));
    await lock.withLock('b', async () => undefined); // would hang if 'b' waited for 'a'
    releaseA();
    await a;
    await lock.withLock('a', async () => Promise.reject(new Error('boom'))).catch(() => undefined);
    expect(await lock.withLock('a', async () => 'free')).to.equal('free');
  });
});

const REDIS_URL = process.env.REDIS_URL;

(REDIS_URL ? describe : describe.skip)('prompt lock: Redis (REDIS_URL)', () => {
  const prefix = `switchyard-test-${randomBytes(4).toString('hex')}:lock:`;
  const clients: Redis[] = [];
  const client = () => {
    const r = new Redis(REDIS_URL!, { maxRetriesPerRequest: 3 });
    clients.push(r);
    return r;
  };
  after(async () => {
    const r = client();
    const keys = await r.keys(`${prefix}*`);
    if (keys.length) await r.del(...keys);
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('two "processes" (separate connections) never hold one key at once', async () => {
    const locks = [new RedisLock(client(), { prefix }), new RedisLock(client(), { prefix })];
    expect(await racyIncrements(locks, 'counter', 30)).to.equal(30);
    expect(await client().exists(`${prefix}counter`)).to.equal(0);
  });

  it('a lock left by a dead holder expires; a holder never deletes a lock it does not own', async () => {
    const r = client();
    await r.set(`${prefix}dead`, 'token-of-a-crashed-process', 'PX', 300);
    const lock = new RedisLock(client(), { prefix, waitMs: 5000 });
    expect(await lock.withLock('dead', async () => 'taken after expiry')).to.equal('taken after expiry');

    // Holder whose lease ran out while someone else took the key: its release leaves the other owner's lock.
    const short = new RedisLock(client(), { prefix, ttlMs: 50 });
    await short.withLock('stolen', async () => {
      await r.set(`${prefix}stolen`, 'new-owner'); // as if the lease had expired and another process took it
    });
    expect(await r.get(`${prefix}stolen`)).to.equal('new-owner');
  });

  it('gives up with a 429 when the key stays busy past waitMs', async () => {
    const r = client();
    await r.set(`${prefix}busy`, 'someone', 'PX', 10_000);
    const lock = new RedisLock(client(), { prefix, waitMs: 100 });
    const err = await lock.withLock('busy', async () => 'never').catch((e) => e);
    expect(err).to.be.instanceOf(TooManyRequestsError);
    expect(err.status).to.equal(429);
  });

  it('two prompt services on one engine (as two API processes) number versions without collisions', async () => {
    const { db } = await harness();
    const { org } = await newOrg();
    const a = new PromptService(db, new RedisLock(client(), { prefix }));
    const b = new PromptService(db, new RedisLock(client(), { prefix }));
    const p = await a.create(org, { name: 'shared', tags: [], promptBody: { model: 'm', messages: [{ role: 'user', content: 'x' }] } });
    const n = 12;
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        (i % 2 ? a : b).newVersion(org, p.id, { promptBody: { model: 'm', messages: [{ role: 'user', content: String(i) }] } }),
      ),
    );
    const minors = (await a.versions(org, p.id)).map((v) => v.minor_version).sort((x, y) => x - y);
    expect(minors).to.deep.equal(Array.from({ length: n + 1 }, (_, i) => i));
  });
});
