// GET /v1/request/{id} (spec 4.5), PUT /v1/request/{id}/property (4.2), POST /v1/evals/{id} (4.3).
import {
  evalBodySchema,
  nullEnvelopeSchema,
  propertyBodySchema,
  requestRecordEnvelopeSchema,
  type EvalBody,
  type PropertyBody,
} from '../../../schema/request-record.js';
import type { AppContext } from '../../context.js';
import { addScore, getRequestRecord, setProperty } from '../../requests/index.js';
import { defineRoute, type RouteDef } from '../route.js';

export function requestRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  const { mutations } = ctx.ingest;
  return [
    defineRoute({
      method: 'get', path: '/v1/request/:requestId', operationId: 'GetRequest', tag: 'requests',
      summary: 'The logged request record (spec 2.4), with llmSchema; 404 for unknown ids',
      response: requestRecordEnvelopeSchema,
      handler: ({ params, auth }) => getRequestRecord(db, auth.organizationId, params.requestId!),
    }),
    defineRoute<PropertyBody>({
      method: 'put', path: '/v1/request/:requestId/property', operationId: 'PutRequestProperty', tag: 'requests',
      summary: 'Create or replace one property of a logged request (also of one still in the ingestion buffer)',
      body: propertyBodySchema, response: nullEnvelopeSchema,
      handler: async ({ params, body, auth }) => {
        await setProperty(mutations, auth.organizationId, params.requestId!, body.key, body.value);
        return null;
      },
    }),
    defineRoute<EvalBody>({
      method: 'post', path: '/v1/evals/:requestId', operationId: 'CreateEval', tag: 'requests',
      summary: 'Set an evaluation score (a finite double) on a logged request',
      body: evalBodySchema, response: nullEnvelopeSchema,
      handler: async ({ params, body, auth }) => {
        await addScore(mutations, auth.organizationId, params.requestId!, body.name, body.score);
        return null;
      },
    }),
  ];
}
