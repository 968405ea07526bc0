// Prompts with versions, tags and one production version per prompt (spec 2.5, 3, 4.6, 4.7, 4.10).
// Versions are numbered major.minor: a prompt starts at 1.0, which becomes its production version; a minor version
// continues a major line (the base version's, by default the production version's), a major version starts the next
// line at minor 0. Numbering and the production pointer are read-modify-write, so they run under a per-prompt lock.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.js';
import { NotFoundError, UserError } from '../errors.js';
import type { Prompt, PromptBody, PromptVersion } from '../../schema/prompts.js';
import type { KeyedLock } from '../locks/keyed-lock.js';
import * as store from './store.js';

export interface NewVersionInput {
  promptBody: PromptBody;
  commitMessage?: string;
  newMajorVersion?: boolean;
  /** Continue this version's major line (minor versions only). Default: the production version. */
  baseVersionId?: string;
  setAsProduction?: boolean;
  /** Names the body field of baseVersionId in a 404 (the REST and the Helicone-style routes spell it differently). */
  baseVersionField?: string;
}

/** `2025-01-02 03:04:05.678` (ClickHouse, UTC) -> `2025-01-02T03:04:05.678Z`. */
export function isoFromDb(value: string | number): string {
  return typeof value === 'number' ? new Date(value).toISOString() : new Date(value.replace(' ', 'T') + 'Z').toISOString();
}

/** Where the body of a version can be read: the API path of `GET /v1/prompt-2025/{versionId}/prompt-body`. */
export const bodyPath = (versionId: string) => `/v1/prompt-2025/${encodeURIComponent(versionId)}/prompt-body`;

export function toVersion(row: store.VersionRow): PromptVersion {
  return {
    id: row.id,
    model: row.model,
    prompt_id: row.prompt_id,
    major_version: Number(row.major_version),
    minor_version: Number(row.minor_version),
    commit_message: row.commit_message,
    created_at: isoFromDb(row.created_at),
    store_url: bodyPath(row.id),
  };
}

/** Tags as stored: duplicates removed, first occurrence order kept. */
const uniqueTags = (tags: readonly string[]) => [...new Set(tags)];

/** Next row version of a re-inserted prompt row: later than the old one even if clocks disagree. */
const nextRowVersion = (row: store.PromptRow) => Math.max(Date.now(), Number(row.version) + 1);

export class PromptService {
  constructor(
    private readonly db: Db,
    private readonly lock: KeyedLock,
    private readonly onClose: () => Promise<void> = async () => {},
  ) {}

  /** Releases the lock's connection (shutdown). */
  close(): Promise<void> {
    return this.onClose();
  }

  private promptKey(org: string, promptId: string) {
    return `prompt:${org}:${promptId}`;
  }

  async create(org: string, input: { name: string; tags: readonly string[]; promptBody: PromptBody }) {
    // Names are unique per organisation: the check and the insert run under a lock on the name.
    return this.lock.withLock(`prompt-name:${org}:${input.name}`, async () => {
      if (await store.findPromptByName(this.db, { org, name: input.name })) {
        throw new UserError(409, 'conflict', `body.name: a prompt named ${JSON.stringify(input.name)} already exists`, 'body.name');
      }
      const now = Date.now();
      const id = randomUUID();
      const versionId = randomUUID();
      // The version first: a prompt row never points at a version that is not stored.
      await store.insertVersion(this.db, {
        organization_id: org,
        prompt_id: id,
        id: versionId,
        major_version: 1,
        minor_version: 0,
        model: input.promptBody.model,
        commit_message: 'First version',
        prompt_body: JSON.stringify(input.promptBody),
        created_at: now,
        version: 1,
      });
      await store.insertPrompt(this.db, {
        organization_id: org,
        id,
        name: input.name,
        tags: uniqueTags(input.tags),
        production_version_id: versionId,
        created_at: now,
        updated_at: now,
        deleted: false,
        version: now,
      });
      return { id, versionId };
    });
  }

  private async requirePrompt(org: string, promptId: string, field = 'promptId'): Promise<store.PromptRow> {
    const row = await store.findPrompt(this.db, { org, promptId });
    if (!row) throw new NotFoundError(`${field}: no prompt with id ${promptId}`, field);
    return row;
  }

  private async requireVersion(org: string, promptId: string, versionId: string, field: string): Promise<store.VersionRow> {
    const row = await store.findVersion(this.db, { org, promptId, versionId });
    if (!row) throw new NotFoundError(`${field}: prompt ${promptId} has no version ${versionId}`, field);
    return row;
  }

  async newVersion(org: string, promptId: string, input: NewVersionInput): Promise<PromptVersion> {
    return this.lock.withLock(this.promptKey(org, promptId), async () => {
      const prompt = await this.requirePrompt(org, promptId);
      const baseId = input.baseVersionId ?? prompt.production_version_id;
      const base = await this.requireVersion(org, promptId, baseId, input.baseVersionField ?? 'body.baseVersionId');
      const { maxMajor, maxMinor } = await store.versionCounters(this.db, { org, promptId, major: base.major_version });
      const [major, minor] = input.newMajorVersion ? [maxMajor + 1, 0] : [base.major_version, maxMinor + 1];
      const row: store.VersionRow = {
        organization_id: org,
        prompt_id: promptId,
        id: randomUUID(),
        major_version: major,
        minor_version: minor,
        model: input.promptBody.model,
        commit_message: input.commitMessage ?? '',
        prompt_body: JSON.stringify(input.promptBody),
        created_at: Date.now(),
        version: 1,
      };
      await store.insertVersion(this.db, row);
      if (input.setAsProduction) await this.pointProductionAt(prompt, row.id);
      return toVersion(row);
    });
  }

  async setProduction(org: string, promptId: string, versionId: string, field = 'body.versionId'): Promise<PromptVersion> {
    return this.lock.withLock(this.promptKey(org, promptId), async () => {
      const prompt = await this.requirePrompt(org, promptId);
      const version = await this.requireVersion(org, promptId, versionId, field);
      if (prompt.production_version_id !== versionId) await this.pointProductionAt(prompt, versionId);
      return toVersion(version);
    });
  }

  private async pointProductionAt(prompt: store.PromptRow, versionId: string): Promise<void> {
    await store.insertPrompt(this.db, {
      ...prompt,
      production_version_id: versionId,
      updated_at: Date.now(),
      version: nextRowVersion(prompt),
    });
  }

  async setTags(org: string, promptId: string, tags: readonly string[]): Promise<Prompt> {
    await this.lock.withLock(this.promptKey(org, promptId), async () => {
      const prompt = await this.requirePrompt(org, promptId);
      await store.insertPrompt(this.db, { ...prompt, tags: uniqueTags(tags), updated_at: Date.now(), version: nextRowVersion(prompt) });
    });
    return this.get(org, promptId);
  }

  async delete(org: string, promptId: string): Promise<void> {
    await this.lock.withLock(this.promptKey(org, promptId), async () => {
      const prompt = await this.requirePrompt(org, promptId);
      await store.insertPrompt(this.db, { ...prompt, deleted: true, updated_at: Date.now(), version: nextRowVersion(prompt) });
    });
  }

  async productionVersion(org: string, promptId: string): Promise<PromptVersion> {
    const prompt = await this.requirePrompt(org, promptId, 'body.promptId');
    return toVersion(await this.requireVersion(org, promptId, prompt.production_version_id, 'body.promptId'));
  }

  async version(org: string, versionId: string, field = 'body.promptVersionId'): Promise<PromptVersion> {
    const row = await store.findVersion(this.db, { org, versionId });
    if (!row) throw new NotFoundError(`${field}: no prompt version with id ${versionId}`, field);
    return toVersion(row);
  }

  async versionBody(org: string, versionId: string): Promise<unknown> {
    const row = await store.findVersion(this.db, { org, versionId, withBody: true });
    if (!row) throw new NotFoundError(`versionId: no prompt version with id ${versionId}`, 'versionId');
    return JSON.parse(row.prompt_body);
  }

  async versions(org: string, promptId: string, major = 0, field = 'promptId'): Promise<PromptVersion[]> {
    await this.requirePrompt(org, promptId, field);
    return (await store.listVersions(this.db, { org, promptId, major })).map(toVersion);
  }

  async get(org: string, promptId: string): Promise<Prompt> {
    const [prompt] = await this.describe(org, [await this.requirePrompt(org, promptId)]);
    return prompt!;
  }

  async list(org: string, q: { search?: string; tagsFilter?: readonly string[]; page?: number; pageSize?: number }) {
    const limit = q.pageSize ?? 50;
    const rows = await store.listPrompts(this.db, {
      org,
      search: q.search ?? '',
      tags: q.tagsFilter ?? [],
      limit,
      offset: (q.page ?? 0) * limit,
    });
    return this.describe(org, rows);
  }

  async tags(org: string): Promise<string[]> {
    return store.listTags(this.db, { org });
  }

  /** Prompt rows -> API objects with their production version and version count (two queries for any number). */
  private async describe(org: string, rows: readonly store.PromptRow[]): Promise<Prompt[]> {
    const ids = rows.map((r) => r.id);
    const [versions, counts] = await Promise.all([
      store.findVersionsByIds(this.db, { org, ids: rows.map((r) => r.production_version_id) }),
      store.countVersions(this.db, { org, promptIds: ids }),
    ]);
    const byId = new Map(versions.map((v) => [v.id, v]));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      tags: r.tags,
      created_at: isoFromDb(r.created_at),
      production_version: toVersion(byId.get(r.production_version_id)!),
      total_versions: counts.get(r.id) ?? 0,
    }));
  }
}
