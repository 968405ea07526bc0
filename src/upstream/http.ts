// Calls to upstream provider APIs (rerank, video): one JSON POST with a timeout, and one error type that says
// whether trying the next deployment could help.
import { UserError } from '../errors.js';

/** An upstream answered with an error or garbage; `retryable` says whether the next endpoint should be tried. */
export class UpstreamError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number | undefined,
    message: string,
    readonly retryable: boolean,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'UpstreamError';
  }
}

/** No deployment of the model can be called now (none configured, all cooling down): 503 with the reasons. */
export class NoProviderError extends UserError {
  constructor(message: string) {
    super(503, 'no_provider', message);
  }
}

/** Every deployment tried failed: 502 with each upstream's error. */
export class UpstreamFailedError extends UserError {
  constructor(message: string) {
    super(502, 'upstream_error', message);
  }
}

export function requireBaseUrl(provider: string, baseUrl: string | undefined): string {
  if (!baseUrl) throw new UpstreamError(provider, undefined, 'no base URL configured', true);
  return baseUrl.replace(/\/+$/, '');
}

export async function postJson(
  provider: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
): Promise<any> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new UpstreamError(provider, undefined, `request failed: ${(err as Error).message}`, true);
  }
  const text = await res.text();
  if (!res.ok) {
    // 429 and 5xx are the upstream's trouble, and a bad credential is this deployment's: try the next one.
    // Other 4xx would fail anywhere.
    const retryable = res.status === 429 || res.status >= 500 || res.status === 401 || res.status === 403;
    throw new UpstreamError(provider, res.status, `HTTP ${res.status}: ${text.slice(0, 300)}`, retryable);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UpstreamError(provider, res.status, 'response is not JSON', true);
  }
  // Adapters read fields of the answer: `null` or a bare value is as broken as non-JSON (and not a TypeError, a 500).
  if (typeof json !== 'object' || json === null) throw new UpstreamError(provider, res.status, 'response is not a JSON object', true);
  return json;
}
