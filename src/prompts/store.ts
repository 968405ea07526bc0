// Storage of prompts and prompt versions: one function per read or write, every query scoped by organisation,
// every value a query parameter. Rows come back in wire format and are converted in one place (service.ts).
import type { Db } from '../db/client.js';

export interface PromptRow {
  organization_id: string;
  id: string;
  name: string;
  tags: string[];
  production_version_id: string;
  /** `YYYY-MM-DD hh:mm:ss.sss` (UTC) as read; epoch milliseconds when written. */
  created_at: string | number;
  updated_at: string | number;
  deleted: boolean;
  /** UInt64: a string when read (64-bit integers are quoted), a number when written. */
  version: string | number;
}

export interface VersionRow {
  organization_id: string;
  prompt_id: string;
  id: string;
  major_version: number;
  minor_version: number;
  model: string;
  commit_message: string;
  prompt_body: string;
  created_at: string | number;
  version: string | number;
}

/** Version columns without the body, which can be large and is read only when asked for. */
const VERSION_COLUMNS = 'organization_id, prompt_id, id, major_version, minor_version, model, commit_message, created_at, version';

export async function insertPrompt(db: Db, row: PromptRow): Promise<void> {
  await db.insert('prompts', [row]);
}

export async function insertVersion(db: Db, row: VersionRow): Promise<void> {
  await db.insert('prompt_versions', [row]);
}

export async function findPrompt(db: Db, q: { org: string; promptId: string }): Promise<PromptRow | undefined> {
  const rows = await db.query<PromptRow>(
    `SELECT * FROM prompts FINAL
     WHERE organization_id = {org:String} AND id = {id:String} AND NOT deleted`,
    { org: q.org, id: q.promptId },
  );
  return rows[0];
}

export async function findPromptByName(db: Db, q: { org: string; name: string }): Promise<PromptRow | undefined> {
  const rows = await db.query<PromptRow>(
    `SELECT * FROM prompts FINAL
     WHERE organization_id = {org:String} AND name = {name:String} AND NOT deleted
     LIMIT 1`,
    { org: q.org, name: q.name },
  );
  return rows[0];
}

export async function listPrompts(
  db: Db,
  q: { org: string; search: string; tags: readonly string[]; limit: number; offset: number },
): Promise<PromptRow[]> {
  return db.query<PromptRow>(
    `SELECT * FROM prompts FINAL
     WHERE organization_id = {org:String} AND NOT deleted
       AND ({search:String} = '' OR positionCaseInsensitiveUTF8(name, {search:String}) > 0)
       AND hasAll(tags, {tags:Array(String)})
     ORDER BY created_at DESC, id
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { org: q.org, search: q.search, tags: q.tags, limit: q.limit, offset: q.offset },
  );
}

export async function listTags(db: Db, q: { org: string }): Promise<string[]> {
  const rows = await db.query<{ tag: string }>(
    `SELECT DISTINCT arrayJoin(tags) AS tag FROM prompts FINAL
     WHERE organization_id = {org:String} AND NOT deleted
     ORDER BY tag`,
    { org: q.org },
  );
  return rows.map((r) => r.tag);
}

export async function findVersion(
  db: Db,
  q: { org: string; versionId: string; promptId?: string; withBody?: boolean },
): Promise<VersionRow | undefined> {
  const rows = await db.query<VersionRow>(
    `SELECT ${q.withBody ? '*' : VERSION_COLUMNS} FROM prompt_versions FINAL
     WHERE organization_id = {org:String} AND id = {id:String}
       AND ({promptId:String} = '' OR prompt_id = {promptId:String})
       AND prompt_id IN (SELECT id FROM prompts FINAL WHERE organization_id = {org:String} AND NOT deleted)`,
    { org: q.org, id: q.versionId, promptId: q.promptId ?? '' },
  );
  return rows[0];
}

export async function findVersionsByIds(db: Db, q: { org: string; ids: readonly string[] }): Promise<VersionRow[]> {
  if (q.ids.length === 0) return [];
  return db.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM prompt_versions FINAL
     WHERE organization_id = {org:String} AND id IN {ids:Array(String)}`,
    { org: q.org, ids: q.ids },
  );
}

/** Newest first. `major` 0 means every major version. */
export async function listVersions(db: Db, q: { org: string; promptId: string; major: number }): Promise<VersionRow[]> {
  return db.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM prompt_versions FINAL
     WHERE organization_id = {org:String} AND prompt_id = {promptId:String}
       AND ({major:UInt32} = 0 OR major_version = {major:UInt32})
     ORDER BY major_version DESC, minor_version DESC`,
    { org: q.org, promptId: q.promptId, major: q.major },
  );
}

export async function countVersions(db: Db, q: { org: string; promptIds: readonly string[] }): Promise<Map<string, number>> {
  if (q.promptIds.length === 0) return new Map();
  const rows = await db.query<{ prompt_id: string; n: string }>(
    `SELECT prompt_id, count() AS n FROM prompt_versions FINAL
     WHERE organization_id = {org:String} AND prompt_id IN {ids:Array(String)}
     GROUP BY prompt_id`,
    { org: q.org, ids: q.promptIds },
  );
  return new Map(rows.map((r) => [r.prompt_id, Number(r.n)]));
}

/** Highest major version of the prompt, and the highest minor version within `major`. */
export async function versionCounters(
  db: Db,
  q: { org: string; promptId: string; major: number },
): Promise<{ maxMajor: number; maxMinor: number }> {
  const rows = await db.query<{ max_major: number; max_minor: number }>(
    `SELECT max(major_version) AS max_major, maxIf(minor_version, major_version = {major:UInt32}) AS max_minor
     FROM prompt_versions FINAL
     WHERE organization_id = {org:String} AND prompt_id = {promptId:String}`,
    { org: q.org, promptId: q.promptId, major: q.major },
  );
  return { maxMajor: Number(rows[0]?.max_major ?? 0), maxMinor: Number(rows[0]?.max_minor ?? 0) };
}
