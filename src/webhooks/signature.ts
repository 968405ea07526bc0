// Delivery signing: HMAC-SHA256 of the exact bytes of the request body, keyed by the webhook's secret.
// Receivers recompute it over the raw body they received (before any JSON parsing) and compare in constant time.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-switchyard-signature';
export const EVENT_ID_HEADER = 'x-switchyard-event-id';
export const EVENT_TYPE_HEADER = 'x-switchyard-event-type';
export const ATTEMPT_HEADER = 'x-switchyard-delivery-attempt';

export function newSecret(): string {
  return 'whsec_' + randomBytes(32).toString('base64url');
}

/** The header value: `sha256=<hex digest>`. */
export function sign(secret: string, rawBody: string | Buffer): string {
  return 'sha256=' + createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** What a receiver runs: true when `header` is the signature of `rawBody` under `secret`. */
export function verify(secret: string, rawBody: string | Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const want = Buffer.from(sign(secret, rawBody));
  const given = Buffer.from(header);
  return want.length === given.length && timingSafeEqual(want, given);
}
