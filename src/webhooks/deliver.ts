// One delivery attempt: POST the signed body, classify the outcome. Retrying is the queue's job.
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
  /** Worth another attempt: 5xx, 408, 429, network error or timeout. Other 4xx and redirects are final. */
  retryable: boolean;
  httpStatus: number;
  error: string;
  durationMs: number;
}

export const USER_AGENT = 'Switchyard-Webhooks/1.0';

export async function attemptDelivery(
  target: { destination: string; secret: string },
  job: DeliveryJob,
  attempt: number,
  timeoutMs: number,
): Promise<AttemptOutcome> {
  const started = Date.now();
  try {
    const res = await fetch(target.destination, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        [SIGNATURE_HEADER]: sign(target.secret, job.body),
        [EVENT_ID_HEADER]: job.eventId,
        [EVENT_TYPE_HEADER]: job.eventType,
        [ATTEMPT_HEADER]: String(attempt),
      },
      body: job.body,
      // A redirect is not followed: the organisation chose this destination, not wherever it points next.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The response body is not needed; never buffer what a destination might stream.
    await res.body?.cancel().catch(() => undefined);
    const status = res.status;
    const ok = status >= 200 && status < 300;
    return {
      ok,
      retryable: status >= 500 || status === 408 || status === 429,
      httpStatus: status,
      error: ok ? '' : `HTTP ${status}`,
      durationMs: Date.now() - started,
    };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const reason = e.name === 'TimeoutError' ? `timeout after ${timeoutMs} ms` : e.cause?.code ?? e.cause?.message ?? e.message;
    return { ok: false, retryable: true, httpStatus: 0, error: String(reason), durationMs: Date.now() - started };
  }
}
