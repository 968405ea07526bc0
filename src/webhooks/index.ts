// The webhook feature's public face: the service (registration, enqueueRequestEvents, delivery) and how receivers
// verify a delivery.
export { WebhookService, type WebhookServiceOptions } from './service.js';
export type { LoggedRow, RowInput } from './events.js';
export { SIGNATURE_HEADER, EVENT_ID_HEADER, EVENT_TYPE_HEADER, ATTEMPT_HEADER, sign, verify } from './signature.js';
