// What ingestion and request updates share across processes: a per-request write lock, the set of request ids that
// are acknowledged but not yet in ClickHouse ("in flight"), and updates waiting for such a request to land.
// Two implementations with one contract: in-process (no Redis) and Redis (src/ingest/redis-coordination.ts).
// The keyed locks are shared with prompts (same contract: in-process chain, or Redis SET NX PX with renewal).
import { LocalLock } from '../locks/keyed-lock.js';

export type Mutation =
  | { kind: 'property'; key: string; value: string }
  | { kind: 'score'; name: string; score: number };

export interface Coordination {
  /** Runs `fn` holding the write lock of one request (across processes with Redis). */
  withLock<T>(org: string, id: string, fn: () => Promise<T>): Promise<T>;
  /** Marks ids acknowledged-but-not-landed. Called before the acknowledgement. */
  markInFlight(org: string, ids: readonly string[]): Promise<void>;
  /** Clears ids after their rows are in ClickHouse; returns the ids that have pending mutations. */
  landed(org: string, ids: readonly string[]): Promise<string[]>;
  isInFlight(org: string, id: string): Promise<boolean>;
  pushPending(org: string, id: string, mutations: readonly Mutation[]): Promise<void>;
  /** The pending mutations of a request, oldest first (left in place until `dropPending`). */
  peekPending(org: string, id: string): Promise<Mutation[]>;
  /** Removes the first `count` pending mutations, once they are stored. */
  dropPending(org: string, id: string, count: number): Promise<void>;
  close(): Promise<void>;
}

const k = (org: string, id: string) => `${org}\u0000${id}`;

export class MemoryCoordination implements Coordination {
  private readonly lock = new LocalLock();
  // A set, as in Redis: landing twice (a retried batch) is harmless.
  private readonly inFlight = new Set<string>();
  private readonly pending = new Map<string, Mutation[]>();

  withLock<T>(org: string, id: string, fn: () => Promise<T>): Promise<T> {
    return this.lock.withLock(k(org, id), fn);
  }

  async markInFlight(org: string, ids: readonly string[]): Promise<void> {
    for (const id of ids) this.inFlight.add(k(org, id));
  }

  /** Also used when a batch is given up (not acknowledged): its ids are no longer in flight. */
  async landed(org: string, ids: readonly string[]): Promise<string[]> {
    const withPending: string[] = [];
    for (const id of ids) {
      const key = k(org, id);
      this.inFlight.delete(key);
      if (this.pending.has(key)) withPending.push(id);
    }
    return withPending;
  }

  async isInFlight(org: string, id: string): Promise<boolean> {
    return this.inFlight.has(k(org, id));
  }

  async pushPending(org: string, id: string, mutations: readonly Mutation[]): Promise<void> {
    const key = k(org, id);
    this.pending.set(key, [...(this.pending.get(key) ?? []), ...mutations]);
  }

  async peekPending(org: string, id: string): Promise<Mutation[]> {
    return [...(this.pending.get(k(org, id)) ?? [])];
  }

  async dropPending(org: string, id: string, count: number): Promise<void> {
    const key = k(org, id);
    const rest = (this.pending.get(key) ?? []).slice(count);
    if (rest.length) this.pending.set(key, rest);
    else this.pending.delete(key);
  }

  async close(): Promise<void> {}
}
