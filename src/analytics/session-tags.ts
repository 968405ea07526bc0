// Session tags: one tag per (organisation, session), what the `session_tag` filter key reads. A write re-inserts
// the row with a higher version (ReplacingMergeTree); a removal inserts a row marked is_deleted, which FINAL drops.
import type { Db } from '../db/client.js';
import { param, render, selectFrom, sql } from '../query/index.js';

let lastVersion = 0;
/** Microseconds since the epoch, strictly increasing in this process: the newest write of a tag wins. */
function nextVersion(): number {
  lastVersion = Math.max(Date.now() * 1000, lastVersion + 1);
  return lastVersion;
}

export interface SessionRef {
  organizationId: string;
  sessionId: string;
}

export async function setSessionTag(db: Db, ref: SessionRef & { tag: string }): Promise<void> {
  await db.insert('session_tags', [
    { organization_id: ref.organizationId, session_id: ref.sessionId, tag: ref.tag, version: nextVersion(), is_deleted: 0 },
  ]);
}

export async function removeSessionTag(db: Db, ref: SessionRef): Promise<void> {
  await db.insert('session_tags', [
    { organization_id: ref.organizationId, session_id: ref.sessionId, tag: '', version: nextVersion(), is_deleted: 1 },
  ]);
}

export async function getSessionTag(db: Db, ref: SessionRef): Promise<string | null> {
  const q = render(
    selectFrom({ select: sql`tag`, table: 'session_tags', where: [sql`session_id = ${param(ref.sessionId, 'String')}`] }),
    { organizationId: ref.organizationId },
  );
  const rows = await db.query<{ tag: string }>(q.sql, q.params);
  return rows[0]?.tag ?? null;
}
