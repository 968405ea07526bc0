// One delivery attempt: POST the signed body, classify the outcome. Retrying is the queue's job.
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { DestinationRefusedError, hostOf, vetHost, vettedLookup, type Resolver } from './destination.js';
import { ATTEMPT_HEADER, EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, sign } from './signature.js';

export interface DeliveryJob {
  eventId: string;
  eventType: string;
  organizationId: string;
  webhookId: string;
  requestId: string;
  /** The exact JSON text sent and signed; the same bytes on every attempt. */
  body: string;
}

export interface AttemptOutcome {
  ok: boolean;
  /** Worth another attempt: 5xx, 408, 429, network error or timeout. Other 4xx, redirects and refusals are final. */
  retryable: boolean;
  httpStatus: number;
  error: string;
  durationMs: number;
}

export const USER_AGENT = 'Switchyard-Webhooks/1.0';

/** How a service connects: its own keep-alive agents, and (unless private destinations are allowed) a resolver. */
export class Connector {
  readonly http = new http.Agent({ keepAlive: true });
  readonly https = new https.Agent({ keepAlive: true });
  private readonly lookup: LookupFunction | undefined;

  /** `resolve` set: every connection is vetted (only public addresses); unset: anything goes. */
  constructor(private readonly resolve?: Resolver) {
    this.lookup = resolve && vettedLookup(resolve);
  }

  /** Refuses an IP-literal host before connecting (literals skip the lookup). */
  async precheck(url: URL): Promise<void> {
    if (this.resolve && net.isIP(hostOf(url))) await vetHost(hostOf(url), this.resolve);
  }

  request(url: URL, opts: http.RequestOptions): http.ClientRequest {
    const secure = url.protocol === 'https:';
    return (secure ? https : http).request(url, { ...opts, agent: secure ? this.https : this.http, lookup: this.lookup });
  }

  close(): void {
    this.http.destroy();
    this.https.destroy();
  }
}

/** POSTs and resolves with the status once headers arrive; the response body is never read. */
function post(connector: Connector, url: URL, headers: Record<string, string>, body: string, signal: AbortSignal) {
  return new Promise<number>((resolve, reject) => {
    // A redirect is not followed (http.request never does): the organisation chose this destination.
    const req = connector.request(url, { method: 'POST', headers, signal });
    req.on('response', (res) => {
      resolve(res.statusCode ?? 0);
      res.destroy(); // never buffer what a destination might stream
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function attemptDelivery(
  target: { destination: string; secret: string },
  job: DeliveryJob,
  attempt: number,
  timeoutMs: number,
  connector: Connector,
): Promise<AttemptOutcome> {
  const started = Date.now();
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const url = new URL(target.destination);
    await connector.precheck(url);
    const status = await post(
      connector,
      url,
      {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(job.body)),
        'user-agent': USER_AGENT,
        [SIGNATURE_HEADER]: sign(target.secret, job.body),
        [EVENT_ID_HEADER]: job.eventId,
        [EVENT_TYPE_HEADER]: job.eventType,
        [ATTEMPT_HEADER]: String(attempt),
      },
      job.body,
      signal,
    );
    const ok = status >= 200 && status < 300;
    return {
      ok,
      retryable: status >= 500 || status === 408 || status === 429,
      httpStatus: status,
      error: ok ? '' : `HTTP ${status}`,
      durationMs: Date.now() - started,
    };
  } catch (err) {
    const durationMs = Date.now() - started;
    if (err instanceof DestinationRefusedError) {
      return { ok: false, retryable: false, httpStatus: 0, error: `destination refused: ${err.message}`, durationMs };
    }
    const e = err as NodeJS.ErrnoException;
    const reason = signal.aborted ? `timeout after ${timeoutMs} ms` : e.code ?? e.message;
    return { ok: false, retryable: true, httpStatus: 0, error: String(reason), durationMs };
  }
}
