// Prompts end to end: real HTTP, real engine, a fresh organisation per test.
import { expect } from 'chai';
import { api, newOrg, type Org } from '../helpers/harness.js';
import { compile } from '../../src/http/validate.js';
import { promptSchema, promptVersionSchema } from '../../schema/prompts.js';

const body = (model = 'gpt-4o-mini', text = 'You are helpful.') => ({
  model,
  messages: [
    { role: 'system', content: text },
    { role: 'user', content: 'Hello {{name}}' },
  ],
  temperature: 0.2,
});

async function createPrompt(o: Org, name: string, tags: string[] = [], promptBody: object = body()) {
  const r = await api('POST', '/v1/prompt-2025', { key: o.key, body: { name, tags, promptBody } });
  expect(r.status, r.text).to.equal(200);
  return r.body as { id: string; versionId: string };
}

const production = (o: Org, promptId: string) =>
  api('POST', '/v1/prompt-2025/query/production-version', { key: o.key, body: { promptId } });

function expectVersion(v: unknown) {
  const check = compile(promptVersionSchema);
  expect(check(v), JSON.stringify(check.errors)).to.equal(true);
}

describe('prompts (spec 4.6, 4.7, 4.10)', () => {
  it('creates a prompt whose first version 1.0 is the production version (bare responses)', async () => {
    const o = await newOrg();
    const before = Date.now();
    const created = await createPrompt(o, 'greeter', ['support'], body('gpt-4o'));
    expect(Object.keys(created).sort()).to.deep.equal(['id', 'versionId']);

    const r = await production(o, created.id);
    expect(r.status).to.equal(200);
    expect(r.body).to.not.have.property('data');
    expectVersion(r.body);
    expect(r.body).to.include({
      id: created.versionId,
      prompt_id: created.id,
      model: 'gpt-4o',
      major_version: 1,
      minor_version: 0,
    });
    expect(r.body.created_at).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(r.body.created_at)).to.be.within(before - 1000, Date.now() + 1000);

    // store_url says where the body is; reading it gives back exactly what was stored.
    const stored = await api('GET', r.body.store_url, { key: o.key });
    expect(stored.status).to.equal(200);
    expect(stored.body).to.deep.equal(body('gpt-4o'));
  });

  it('GET /v1/prompt-2025/tags: sorted unique tags of this organisation only', async () => {
    const o = await newOrg();
    const other = await newOrg();
    await createPrompt(o, 'a', ['zeta', 'alpha', 'alpha']);
    await createPrompt(o, 'b', ['beta', 'zeta']);
    await createPrompt(o, 'c', []);
    await createPrompt(other, 'a', ['secret-of-other-org']);
    const r = await api('GET', '/v1/prompt-2025/tags', { key: o.key });
    expect(r.status).to.equal(200);
    expect(r.body).to.deep.equal(['alpha', 'beta', 'zeta']);
    const empty = await newOrg();
    expect((await api('GET', '/v1/prompt-2025/tags', { key: empty.key })).body).to.deep.equal([]);
  });

  it('names are unique per organisation: a duplicate is a 409, another organisation may reuse it', async () => {
    const o = await newOrg();
    await createPrompt(o, 'summarizer');
    const dup = await api('POST', '/v1/prompt-2025', { key: o.key, body: { name: 'summarizer', tags: [], promptBody: body() } });
    expect(dup.status).to.equal(409);
    expect(dup.body.error).to.contain('body.name');
    const other = await newOrg();
    await createPrompt(other, 'summarizer');
  });

  it('concurrent creates of one name: exactly one wins', async () => {
    const o = await newOrg();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        api('POST', '/v1/prompt-2025', { key: o.key, body: { name: 'race', tags: [], promptBody: body() } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).to.deep.equal([200, 409, 409, 409, 409, 409, 409, 409]);
    const list = await api('POST', '/v1/prompt-2025/query', { key: o.key, body: {} });
    expect(list.body.map((p: { name: string }) => p.name)).to.deep.equal(['race']);
  });

  const invalid: Array<[string, unknown, string]> = [
    ['missing name', { tags: [], promptBody: body() }, 'body.name: is required'],
    ['blank name', { name: '   ', tags: [], promptBody: body() }, 'body.name'],
    ['tags not an array', { name: 'x', tags: 'a', promptBody: body() }, 'body.tags'],
    ['missing promptBody', { name: 'x', tags: [] }, 'body.promptBody: is required'],
    ['promptBody without model', { name: 'x', tags: [], promptBody: { messages: [{ role: 'user', content: 'hi' }] } }, 'body.promptBody.model: is required'],
    ['promptBody without messages', { name: 'x', tags: [], promptBody: { model: 'm' } }, 'body.promptBody.messages: is required'],
    ['message without role', { name: 'x', tags: [], promptBody: { model: 'm', messages: [{ content: 'hi' }] } }, 'body.promptBody.messages.0.role: is required'],
    ['message without content', { name: 'x', tags: [], promptBody: { model: 'm', messages: [{ role: 'user' }] } }, 'body.promptBody.messages.0.content: is required'],
    ['unknown role', { name: 'x', tags: [], promptBody: { model: 'm', messages: [{ role: 'robot', content: 'x' }] } }, 'body.promptBody.messages.0.role: must be one of'],
    ['temperature as string', { name: 'x', tags: [], promptBody: { ...body(), temperature: 'hot' } }, 'body.promptBody.temperature'],
    ['unknown top-level field', { name: 'x', tags: [], promptBody: body(), extra: 1 }, 'body.extra: unknown field'],
  ];
  for (const [what, payload, message] of invalid) {
    it(`400 naming the field: ${what}`, async () => {
      const o = await newOrg();
      const r = await api('POST', '/v1/prompt-2025', { key: o.key, body: payload });
      expect(r.status, r.text).to.equal(400);
      expect(r.body).to.deep.include({ data: null });
      expect(r.body.error).to.contain(message);
      // Nothing was written.
      expect((await api('POST', '/v1/prompt-2025/query', { key: o.key, body: {} })).body).to.deep.equal([]);
    });
  }

  it('unknown or foreign prompt: 404 on every read and write', async () => {
    const o = await newOrg();
    const other = await newOrg();
    const theirs = await createPrompt(other, 'theirs');
    for (const id of ['no-such-prompt', theirs.id]) {
      expect((await production(o, id)).status).to.equal(404);
      expect((await api('GET', `/v1/prompt-2025/id/${id}`, { key: o.key })).status).to.equal(404);
      expect((await api('GET', `/v1/prompt-2025/id/${id}/versions`, { key: o.key })).status).to.equal(404);
      const v = await api('POST', `/v1/prompt-2025/id/${id}/versions`, { key: o.key, body: { promptBody: body() } });
      expect(v.status).to.equal(404);
      const p = await api('POST', `/v1/prompt-2025/id/${id}/production`, { key: o.key, body: { versionId: theirs.versionId } });
      expect(p.status).to.equal(404);
    }
    expect((await api('GET', `/v1/prompt-2025/${theirs.versionId}/prompt-body`, { key: o.key })).status).to.equal(404);
    expect((await api('POST', '/v1/prompt-2025/query/version', { key: o.key, body: { promptVersionId: theirs.versionId } })).status).to.equal(404);
    // The owner still sees it unchanged.
    expect((await production(other, theirs.id)).body.id).to.equal(theirs.versionId);
  });

  it('requires a key', async () => {
    expect((await api('GET', '/v1/prompt-2025/tags')).status).to.equal(401);
    expect((await api('POST', '/v1/prompt-2025', { body: { name: 'x', tags: [], promptBody: body() } })).status).to.equal(401);
  });
});

describe('prompt versions and the production version', () => {
  it('minor and major versions are numbered per line; production moves only when asked', async () => {
    const o = await newOrg();
    const p = await createPrompt(o, 'versions');
    const add = async (extra: object) => {
      const r = await api('POST', `/v1/prompt-2025/id/${p.id}/versions`, {
        key: o.key,
        body: { promptBody: body('gpt-4.1', `v${Math.random()}`), commitMessage: 'tweak', ...extra },
      });
      expect(r.status, r.text).to.equal(201);
      expectVersion(r.body);
      return r.body as { id: string; major_version: number; minor_version: number; commit_message: string; model: string };
    };
    const v11 = await add({});
    expect([v11.major_version, v11.minor_version, v11.commit_message, v11.model]).to.deep.equal([1, 1, 'tweak', 'gpt-4.1']);
    const v20 = await add({ newMajorVersion: true });
    expect([v20.major_version, v20.minor_version]).to.deep.equal([2, 0]);
    // Production is still 1.0, so a plain minor continues line 1; a base version picks the line.
    const v12 = await add({});
    expect([v12.major_version, v12.minor_version]).to.deep.equal([1, 2]);
    const v21 = await add({ baseVersionId: v20.id });
    expect([v21.major_version, v21.minor_version]).to.deep.equal([2, 1]);
    expect((await production(o, p.id)).body.id).to.equal(p.versionId);

    const set = await api('POST', `/v1/prompt-2025/id/${p.id}/production`, { key: o.key, body: { versionId: v20.id } });
    expect(set.status).to.equal(200);
    expect(set.body.id).to.equal(v20.id);
    const prod = await production(o, p.id);
    expect(prod.body).to.include({ id: v20.id, major_version: 2, minor_version: 0 });

    // With production on line 2, a plain minor goes to 2.2; setAsProduction moves the pointer in the same step.
    const v22 = await add({ setAsProduction: true });
    expect([v22.major_version, v22.minor_version]).to.deep.equal([2, 2]);
    expect((await production(o, p.id)).body.id).to.equal(v22.id);

    const list = await api('GET', `/v1/prompt-2025/id/${p.id}/versions`, { key: o.key });
    expect(list.body.map((v: { major_version: number; minor_version: number }) => `${v.major_version}.${v.minor_version}`))
      .to.deep.equal(['2.2', '2.1', '2.0', '1.2', '1.1', '1.0']);

    const prompt = await api('GET', `/v1/prompt-2025/id/${p.id}`, { key: o.key });
    const check = compile(promptSchema);
    expect(check(prompt.body), JSON.stringify(check.errors)).to.equal(true);
    expect(prompt.body).to.include({ id: p.id, name: 'versions', total_versions: 6 });
    expect(prompt.body.production_version.id).to.equal(v22.id);
  });

  it('a version of another prompt cannot become production or a base', async () => {
    const o = await newOrg();
    const a = await createPrompt(o, 'a');
    const b = await createPrompt(o, 'b');
    const set = await api('POST', `/v1/prompt-2025/id/${a.id}/production`, { key: o.key, body: { versionId: b.versionId } });
    expect(set.status).to.equal(404);
    expect(set.body.error).to.contain('body.versionId');
    const add = await api('POST', `/v1/prompt-2025/id/${a.id}/versions`, {
      key: o.key,
      body: { promptBody: body(), baseVersionId: b.versionId },
    });
    expect(add.status).to.equal(404);
    expect(add.body.error).to.contain('body.baseVersionId');
    expect((await production(o, a.id)).body.id).to.equal(a.versionId);
  });

  it('concurrent writers never produce two versions with the same number', async () => {
    const o = await newOrg();
    const p = await createPrompt(o, 'busy');
    const n = 16;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        api('POST', `/v1/prompt-2025/id/${p.id}/versions`, {
          key: o.key,
          body: { promptBody: body('m', `v${i}`), newMajorVersion: i % 4 === 0 },
        }),
      ),
    );
    expect(results.every((r) => r.status === 201)).to.equal(true);
    const list = (await api('GET', `/v1/prompt-2025/id/${p.id}/versions`, { key: o.key })).body as Array<{
      major_version: number;
      minor_version: number;
    }>;
    const labels = list.map((v) => `${v.major_version}.${v.minor_version}`);
    expect(labels).to.have.length(n + 1);
    expect(new Set(labels).size).to.equal(n + 1);
    // Four new majors (2..5); the twelve minors all continue production's line 1, so 1.0 .. 1.12 without gaps.
    expect(labels.filter((l) => l.endsWith('.0')).sort()).to.deep.equal(['1.0', '2.0', '3.0', '4.0', '5.0']);
    expect(labels.filter((l) => l.startsWith('1.')).length).to.equal(13);
    expect(labels).to.include('1.12');
  });

  it('Helicone-style routes: update, update/production-version, query/versions, query/version', async () => {
    const o = await newOrg();
    const p = await createPrompt(o, 'compat');
    const up = await api('POST', '/v1/prompt-2025/update', {
      key: o.key,
      body: { promptId: p.id, promptVersionId: p.versionId, newMajorVersion: false, commitMessage: 'c1', promptBody: body('o3') },
    });
    expect(up.status, up.text).to.equal(200);
    expect(Object.keys(up.body)).to.deep.equal(['id']);
    const v = await api('POST', '/v1/prompt-2025/query/version', { key: o.key, body: { promptVersionId: up.body.id } });
    expect(v.body).to.include({ id: up.body.id, major_version: 1, minor_version: 1, commit_message: 'c1', model: 'o3' });

    const set = await api('POST', '/v1/prompt-2025/update/production-version', {
      key: o.key,
      body: { promptId: p.id, promptVersionId: up.body.id },
    });
    expect(set.status).to.equal(200);
    expect((await production(o, p.id)).body.id).to.equal(up.body.id);

    const major = await api('POST', '/v1/prompt-2025/update', {
      key: o.key,
      body: { promptId: p.id, promptVersionId: up.body.id, newMajorVersion: true, commitMessage: 'big', promptBody: body() },
    });
    const line1 = await api('POST', '/v1/prompt-2025/query/versions', { key: o.key, body: { promptId: p.id, majorVersion: 1 } });
    expect(line1.body.map((x: { id: string }) => x.id)).to.deep.equal([up.body.id, p.versionId]);
    const all = await api('POST', '/v1/prompt-2025/query/versions', { key: o.key, body: { promptId: p.id } });
    expect(all.body[0].id).to.equal(major.body.id);
    expect(all.body).to.have.length(3);

    const bad = await api('POST', '/v1/prompt-2025/update', {
      key: o.key,
      body: { promptId: p.id, promptVersionId: 'nope', newMajorVersion: false, promptBody: body() },
    });
    expect(bad.status).to.equal(404);
    expect(bad.body.error).to.contain('body.promptVersionId');
  });

  it('numbers beyond the stored integer range are a 400, never a wrapped answer or a 500', async () => {
    const o = await newOrg();
    const p = await createPrompt(o, 'ranges');
    // 2^32 + 1 used to wrap to major line 1 and answer its versions.
    for (const majorVersion of [2 ** 32 + 1, 2 ** 53, 1e308]) {
      const r = await api('POST', '/v1/prompt-2025/query/versions', { key: o.key, body: { promptId: p.id, majorVersion } });
      expect(r.status, r.text).to.equal(400);
      expect(r.body.error).to.equal('body.majorVersion: must be <= 4294967295');
    }
    for (const page of [1e7, 2 ** 53, 1e308]) {
      const r = await api('POST', '/v1/prompt-2025/query', { key: o.key, body: { page, pageSize: 500 } });
      expect(r.status, r.text).to.equal(400);
      expect(r.body.error).to.equal('body.page: must be <= 1000000');
    }
    const last = await api('POST', '/v1/prompt-2025/query', { key: o.key, body: { page: 1_000_000, pageSize: 500 } });
    expect(last.status, last.text).to.equal(200);
    expect(last.body).to.deep.equal([]);
  });

  it('list with search and tag filter, tag replacement, and delete', async () => {
    const o = await newOrg();
    const a = await createPrompt(o, 'Support Reply', ['support', 'email']);
    await createPrompt(o, 'Sales pitch', ['sales']);
    const q = (b: object) => api('POST', '/v1/prompt-2025/query', { key: o.key, body: b });
    expect((await q({ search: 'support' })).body.map((p: { id: string }) => p.id)).to.deep.equal([a.id]);
    expect((await q({ tagsFilter: ['email', 'support'] })).body.map((p: { id: string }) => p.id)).to.deep.equal([a.id]);
    expect((await q({ pageSize: 1 })).body).to.have.length(1);
    expect((await q({ page: 5 })).body).to.deep.equal([]);
    // A search string is data, never SQL.
    expect((await q({ search: "' OR 1=1 --" })).body).to.deep.equal([]);

    const tagged = await api('PUT', `/v1/prompt-2025/id/${a.id}/tags`, { key: o.key, body: { tags: ['faq'] } });
    expect(tagged.status).to.equal(200);
    expect(tagged.body.tags).to.deep.equal(['faq']);
    expect((await api('GET', '/v1/prompt-2025/tags', { key: o.key })).body).to.deep.equal(['faq', 'sales']);

    const del = await api('DELETE', `/v1/prompt-2025/id/${a.id}`, { key: o.key });
    expect(del.status).to.equal(200);
    expect((await production(o, a.id)).status).to.equal(404);
    expect((await api('GET', `/v1/prompt-2025/${a.versionId}/prompt-body`, { key: o.key })).status).to.equal(404);
    expect((await api('GET', '/v1/prompt-2025/tags', { key: o.key })).body).to.deep.equal(['sales']);
    // The name is free again.
    await createPrompt(o, 'Support Reply');
  });
});
