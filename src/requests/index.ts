// One logged request: read it (spec 4.5), set a property (4.2), add an evaluation score (4.3).
import { REQUEST_ID_PATTERN } from '../../schema/log.js';
import type { RequestRecord } from '../../schema/request-record.js';
import type { Db } from '../db/client.js';
import { NotFoundError } from '../errors.js';
import type { MutationOutcome, RequestMutations } from './mutations.js';
import { toRecord } from './record.js';
import { readStoredRow } from './store.js';

const notFound = (id: string) => new NotFoundError(`request ${id} not found`, 'params.requestId');
const ID = new RegExp(REQUEST_ID_PATTERN);

/** An id that ingestion would never accept cannot exist: 404 without asking the engine. */
function checkId(id: string): void {
  if (!ID.test(id)) throw notFound(id.length > 300 ? `${id.slice(0, 300)}…` : id);
}

export async function getRequestRecord(db: Db, org: string, id: string): Promise<RequestRecord> {
  checkId(id);
  const row = await readStoredRow(db, org, id);
  if (!row) throw notFound(id);
  return toRecord(row);
}

export async function setProperty(m: RequestMutations, org: string, id: string, key: string, value: string): Promise<MutationOutcome> {
  checkId(id);
  return m.apply(org, id, { kind: 'property', key, value });
}

export async function addScore(m: RequestMutations, org: string, id: string, name: string, score: number): Promise<MutationOutcome> {
  checkId(id);
  return m.apply(org, id, { kind: 'score', name, score });
}
