// Analytics routes: score distributions (spec 4.8), session metrics (4.9) and the session tags that the
// `session_tag` filter key reads. Envelope responses; the feature modules build and run the SQL.
import {
  SESSION_ID_MAX,
  scoreDistributionsBodySchema,
  scoreDistributionsResponseSchema,
  sessionMetricsBodySchema,
  sessionMetricsResponseSchema,
  sessionTagBodySchema,
  sessionTagResponseSchema,
  type ScoreDistributionsBody,
  type SessionMetricsBody,
  type SessionTagBody,
} from '../../../schema/analytics.js';
import { scoreDistributionQuery, sessionMetricsQuery } from '../../analytics/bodies.js';
import { scoreDistributions } from '../../analytics/score-distributions.js';
import { sessionMetrics } from '../../analytics/session-metrics.js';
import { getSessionTag, removeSessionTag, setSessionTag } from '../../analytics/session-tags.js';
import type { AppContext } from '../../context.js';
import { ValidationError } from '../../errors.js';
import { defineRoute, type RouteDef } from '../route.js';

function sessionIdOf(params: Record<string, string>): string {
  const id = params.sessionId ?? '';
  if (id.length === 0 || id.length > SESSION_ID_MAX) {
    throw new ValidationError(`params.sessionId: must be 1 to ${SESSION_ID_MAX} characters`, 'params.sessionId');
  }
  return id;
}

export function analyticsRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  return [
    defineRoute<ScoreDistributionsBody>({
      tag: 'evals', method: 'post', path: '/v1/evals/score-distributions/query', operationId: 'QueryScoreDistributions',
      summary: 'Per score name, a 10-bucket histogram of the scores of matching requests in [start, end)',
      body: scoreDistributionsBodySchema, response: scoreDistributionsResponseSchema,
      handler: ({ auth, body }) => scoreDistributions(db, scoreDistributionQuery(auth.organizationId, body)),
    }),
    defineRoute<SessionMetricsBody>({
      tag: 'sessions', method: 'post', path: '/v1/session/metrics/query', operationId: 'QuerySessionMetrics',
      summary: 'Histograms and averages over sessions: requests per session, duration (s), cost (USD)',
      body: sessionMetricsBodySchema, response: sessionMetricsResponseSchema,
      handler: ({ auth, body }) => sessionMetrics(db, sessionMetricsQuery(auth.organizationId, body)),
    }),
    defineRoute<SessionTagBody>({
      tag: 'sessions', method: 'post', path: '/v1/session/:sessionId/tag', operationId: 'SetSessionTag',
      summary: 'Set the tag of a session (replaces any previous tag); the `session_tag` filter key reads it',
      body: sessionTagBodySchema, response: sessionTagResponseSchema,
      handler: async ({ auth, params, body }) => {
        const sessionId = sessionIdOf(params);
        await setSessionTag(db, { organizationId: auth.organizationId, sessionId, tag: body.tag });
        return { session_id: sessionId, tag: body.tag };
      },
    }),
    defineRoute({
      tag: 'sessions', method: 'get', path: '/v1/session/:sessionId/tag', operationId: 'GetSessionTag',
      summary: 'The tag of a session, or null', response: sessionTagResponseSchema,
      handler: async ({ auth, params }) => {
        const sessionId = sessionIdOf(params);
        return { session_id: sessionId, tag: await getSessionTag(db, { organizationId: auth.organizationId, sessionId }) };
      },
    }),
    defineRoute({
      tag: 'sessions', method: 'delete', path: '/v1/session/:sessionId/tag', operationId: 'RemoveSessionTag',
      summary: 'Remove the tag of a session', response: sessionTagResponseSchema,
      handler: async ({ auth, params }) => {
        const sessionId = sessionIdOf(params);
        await removeSessionTag(db, { organizationId: auth.organizationId, sessionId });
        return { session_id: sessionId, tag: null };
      },
    }),
  ];
}
