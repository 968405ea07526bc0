// Property and score writes (spec 4.2, 4.3). Writes to one request are serialised (the request's lock) and
// coalesced: whatever queued up while the previous write ran goes into the next re-insert, so 100 concurrent
// writers cost a handful of inserts, and none of their changes is lost.
//
// A request acknowledged by ingestion but still in the buffer accepts writes too. Under the lock:
//   row in ClickHouse          -> apply now;
//   else in flight             -> append to its pending list, then look again: if it landed meanwhile, apply the
//                                 pending list now (the writer may have checked before we appended);
//   else                       -> 404.
// The writer, after inserting a batch, clears the ids from in-flight and applies the pending lists it finds.
import type { Db } from '../db/client.js';
import { NotFoundError } from '../errors.js';
import type { Coordination, Mutation } from '../ingest/coordination.js';
import { readStoredRow, writeUpdatedRow } from './store.js';

export type MutationOutcome = 'applied' | 'pending';

interface Waiter {
  mutation: Mutation;
  resolve(outcome: MutationOutcome): void;
  reject(err: unknown): void;
}

export class RequestMutations {
  private readonly queues = new Map<string, Waiter[]>();

  constructor(
    private readonly db: Db,
    private readonly coord: Coordination,
  ) {}

  /** Resolves once the write is stored ('applied') or queued behind the buffered log ('pending'). */
  apply(org: string, id: string, mutation: Mutation): Promise<MutationOutcome> {
    return new Promise((resolve, reject) => {
      const key = `${org}\u0000${id}`;
      const queue = this.queues.get(key);
      if (queue) {
        queue.push({ mutation, resolve, reject });
        return;
      }
      this.queues.set(key, [{ mutation, resolve, reject }]);
      void this.drain(org, id, key);
    });
  }

  private async drain(org: string, id: string, key: string): Promise<void> {
    for (;;) {
      const queue = this.queues.get(key)!;
      if (queue.length === 0) {
        this.queues.delete(key);
        return;
      }
      const group = queue.splice(0);
      try {
        const outcome = await this.coord.withLock(org, id, () => this.applyLocked(org, id, group.map((w) => w.mutation)));
        for (const w of group) w.resolve(outcome);
      } catch (err) {
        for (const w of group) w.reject(err);
      }
    }
  }

  private async applyLocked(org: string, id: string, mutations: Mutation[]): Promise<MutationOutcome> {
    const row = await readStoredRow(this.db, org, id);
    if (row) {
      // Leftovers of a writer that stopped between landing a batch and applying its pending list come first.
      const leftover = await this.coord.peekPending(org, id);
      await writeUpdatedRow(this.db, row, [...leftover, ...mutations]);
      await this.coord.dropPending(org, id, leftover.length);
      return 'applied';
    }
    if (!(await this.coord.isInFlight(org, id))) throw new NotFoundError(`request ${id} not found`, 'params.requestId');
    await this.coord.pushPending(org, id, mutations);
    if (await this.coord.isInFlight(org, id)) return 'pending';
    await this.applyPendingLocked(org, id);
    return 'applied';
  }

  /** Called by the writer for requests that just landed and have pending writes. */
  applyPending(org: string, id: string): Promise<void> {
    return this.coord.withLock(org, id, () => this.applyPendingLocked(org, id));
  }

  private async applyPendingLocked(org: string, id: string): Promise<void> {
    const row = await readStoredRow(this.db, org, id);
    // Not there: the batch was given up, not acknowledged; the list waits for the log to be sent again.
    if (!row) return;
    // Stored first, dropped after: a failure in between leaves the list to be applied again (same values).
    const pending = await this.coord.peekPending(org, id);
    await writeUpdatedRow(this.db, row, pending);
    await this.coord.dropPending(org, id, pending.length);
  }
}
