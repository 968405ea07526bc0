// One logged request: read it (spec 4.5), set a property (4.2), add an evaluation score (4.3).
import type { RequestRecord } from '../../schema/request-record.js';
import type { Db } from '../db/client.js';
import { NotFoundError } from '../errors.js';
import type { MutationOutcome, RequestMutations } from './mutations.js';
import { toRecord } from './record.js';
import { readStoredRow } from './store.js';

const notFound = (id: string) => new NotFoundError(`request ${id} not found`, 'params.requestId');

export async function getRequestRecord(db: Db, org: string, id: string): Promise<RequestRecord> {
  const row = await readStoredRow(db, org, id);
  if (!row) throw notFound(id);
  return toRecord(row);
}

export function setProperty(m: RequestMutations, org: string, id: string, key: string, value: string): Promise<MutationOutcome> {
  return m.apply(org, id, { kind: 'property', key, value });
}

export function addScore(m: RequestMutations, org: string, id: string, name: string, score: number): Promise<MutationOutcome> {
  return m.apply(org, id, { kind: 'score', name, score });
}
