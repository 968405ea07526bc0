// Webhook routes (spec 4.11): register, list, delete, and read recorded delivery attempts. Envelope responses.
import { ValidationError } from '../../errors.js';
import type { WebhookService } from '../../webhooks/service.js';
import { defineRoute, type RouteDef } from '../route.js';
import { envelopeOf } from '../../../schema/common.js';
import {
  createWebhookBodySchema,
  createdWebhookSchema,
  deliveryAttemptSchema,
  webhookSchema,
  type CreateWebhookBody,
} from '../../../schema/webhooks.js';

const tag = 'webhooks';

/** `?limit=` of the deliveries list: 1..1000, default 100. */
function limitOf(raw: unknown): number {
  if (raw === undefined) return 100;
  const n = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= 1000)) throw new ValidationError('query.limit: must be an integer from 1 to 1000', 'query.limit');
  return n;
}

export function webhookRoutes(webhooks: WebhookService): RouteDef[] {
  return [
    defineRoute<CreateWebhookBody>({
      tag, method: 'post', path: '/v1/webhooks', operationId: 'CreateWebhook',
      summary: 'Register a webhook; the response holds its signing secret, shown only this once',
      body: createWebhookBodySchema, response: envelopeOf(createdWebhookSchema),
      handler: ({ auth, body }) => webhooks.create(auth.organizationId, body),
    }),
    defineRoute({
      tag, method: 'get', path: '/v1/webhooks', operationId: 'ListWebhooks', summary: 'Webhooks of the organisation',
      response: envelopeOf({ type: 'array', items: webhookSchema }),
      handler: ({ auth }) => webhooks.list(auth.organizationId),
    }),
    defineRoute({
      tag, method: 'delete', path: '/v1/webhooks/:webhookId', operationId: 'DeleteWebhook',
      summary: 'Delete a webhook; queued events for it are not delivered',
      response: envelopeOf({ type: 'null' }),
      handler: async ({ auth, params }) => {
        await webhooks.delete(auth.organizationId, params.webhookId!);
        return null;
      },
    }),
    defineRoute({
      tag, method: 'get', path: '/v1/webhooks/:webhookId/deliveries', operationId: 'ListWebhookDeliveries',
      summary: 'Recorded delivery attempts, newest first (?limit=1..1000, default 100; kept 30 days)',
      response: envelopeOf({ type: 'array', items: deliveryAttemptSchema }),
      handler: ({ auth, params, query }) => webhooks.deliveries(auth.organizationId, params.webhookId!, limitOf(query.limit)),
    }),
  ];
}
