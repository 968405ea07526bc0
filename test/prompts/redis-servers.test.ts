// Two API servers in Redis mode (as two processes behind a load balancer) on the shared engine, over real HTTP:
// concurrent version writes through both never collide, because the per-prompt lock lives in Redis.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { api, harness, newOrg, testConfig } from '../helpers/harness.js';
import { createLogger } from '../../src/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';

const REDIS_URL = process.env.REDIS_URL;

(REDIS_URL ? describe : describe.skip)('prompts: two API servers with REDIS_URL', () => {
  const servers: RunningServer[] = [];
  const prefix = `switchyard-test-${randomBytes(4).toString('hex')}`;

  before(async () => {
    const h = await harness();
    for (let i = 0; i < 2; i++) {
      const config = testConfig({ REDIS_URL: REDIS_URL!, REDIS_PREFIX: prefix }, h.dataDir);
      servers.push(await startServer(config, { db: h.db, logger: createLogger('silent') }));
    }
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  it('versions written concurrently through both servers get distinct numbers', async () => {
    const o = await newOrg();
    const promptBody = { model: 'm', messages: [{ role: 'user', content: 'x' }] };
    const created = await api('POST', '/v1/prompt-2025', { key: o.key, body: { name: 'p', tags: [], promptBody }, base: servers[0]!.url });
    expect(created.status).to.equal(200);
    const n = 12;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        api('POST', `/v1/prompt-2025/id/${created.body.id}/versions`, {
          key: o.key,
          body: { promptBody, commitMessage: `c${i}` },
          base: servers[i % 2]!.url,
        }),
      ),
    );
    expect(results.map((r) => r.status)).to.deep.equal(Array(n).fill(201));
    const minors = results.map((r) => r.body.minor_version as number).sort((a, b) => a - b);
    expect(minors).to.deep.equal(Array.from({ length: n }, (_, i) => i + 1));
  });
});
