// Tries a model's deployments in route() order: the first success wins; retryable failures move on and count
// toward the deployment's cooldown; a non-retryable one stops (it would fail anywhere).
import type { RouteCandidate } from '../registry/route.js';
import type { ProviderHealth } from '../registry/health.js';
import { UpstreamError } from './http.js';

export type FailoverResult<T> =
  | { ok: true; candidate: RouteCandidate; value: T }
  | { ok: false; candidate: RouteCandidate; failures: string[] };

export async function firstSuccess<T>(
  candidates: readonly RouteCandidate[],
  health: ProviderHealth,
  call: (c: RouteCandidate) => Promise<T>,
): Promise<FailoverResult<T>> {
  const failures: string[] = [];
  for (const c of candidates) {
    try {
      const value = await call(c);
      health.recordSuccess(c.healthKey);
      return { ok: true, candidate: c, value };
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      health.recordFailure(c.healthKey);
      failures.push(err.message);
      if (!err.retryable) break;
    }
  }
  return { ok: false, candidate: candidates[0]!, failures };
}

/** Why no deployment is usable: route()'s exclusions plus the candidates the feature cannot call. */
export function whyNone(
  excluded: ReadonlyArray<{ slug: string; reason: string }>,
  unusable: ReadonlyArray<{ slug: string; reason: string }>,
): string {
  return [...excluded, ...unusable].map((e) => `${e.slug}: ${e.reason}`).join('; ');
}
