// Cooldown after failures: a deployment that failed `failureThreshold` times in a row (or answered 429 with a
// Retry-After) is skipped by route() until its cooldown ends. State is per process and in memory: each API process
// learns about upstream failures from its own traffic, which is what it routes.
export interface HealthOptions {
  /** Consecutive failures before a cooldown starts. */
  failureThreshold?: number;
  cooldownMs?: number;
  now?: () => number;
}

interface State {
  failures: number;
  until: number;
}

export class ProviderHealth {
  readonly failureThreshold: number;
  readonly cooldownMs: number;
  private readonly now: () => number;
  private readonly state = new Map<string, State>();

  constructor(opts: HealthOptions = {}) {
    this.failureThreshold = opts.failureThreshold ?? 3;
    this.cooldownMs = opts.cooldownMs ?? 30_000;
    this.now = opts.now ?? Date.now;
  }

  /** Key of one deployment of one model: `claude-sonnet-4-5|bedrock:eu`. */
  static key(modelId: string, slug: string): string {
    return `${modelId}|${slug}`;
  }

  /** A failed upstream call. `retryAfterMs` (from a 429) starts a cooldown of that length at once. */
  recordFailure(key: string, opts: { retryAfterMs?: number } = {}): void {
    const s = this.state.get(key) ?? { failures: 0, until: 0 };
    s.failures += 1;
    const now = this.now();
    if (opts.retryAfterMs !== undefined && opts.retryAfterMs > 0) s.until = Math.max(s.until, now + opts.retryAfterMs);
    if (s.failures >= this.failureThreshold) s.until = Math.max(s.until, now + this.cooldownMs);
    this.state.set(key, s);
  }

  /** A successful call clears the failure count. */
  recordSuccess(key: string): void {
    this.state.delete(key);
  }

  /** Epoch ms until which the deployment cools down, or undefined when it is available. */
  coolingUntil(key: string): number | undefined {
    const s = this.state.get(key);
    return s && s.until > this.now() ? s.until : undefined;
  }
}
