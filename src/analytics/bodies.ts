// Validated request bodies -> analytics queries: defaults, and the filter and window parsed with their body paths so
// an error names `body.filter...` or `body.timeFilter.start`.
import { SCORE_DISTRIBUTION_DEFAULTS, type ScoreDistributionsBody, type SessionMetricsBody } from '../../schema/analytics.js';
import { parseFilter, parseTimeWindow } from '../query/index.js';
import type { ScoreDistributionQuery } from './score-distributions.js';
import type { SessionMetricsQuery } from './session-metrics.js';

export function scoreDistributionQuery(organizationId: string, body: ScoreDistributionsBody): ScoreDistributionQuery {
  return {
    organizationId,
    filter: parseFilter(body.filter === undefined ? 'all' : body.filter, 'body.filter'),
    window: parseTimeWindow(body.timeFilter, 'body.timeFilter'),
    offset: body.offset ?? SCORE_DISTRIBUTION_DEFAULTS.offset,
    limit: body.limit ?? SCORE_DISTRIBUTION_DEFAULTS.limit,
  };
}

export function sessionMetricsQuery(organizationId: string, body: SessionMetricsBody): SessionMetricsQuery {
  return {
    organizationId,
    filter: parseFilter(body.filter === undefined ? 'all' : body.filter, 'body.filter'),
    window: body.timeFilter ? parseTimeWindow(body.timeFilter, 'body.timeFilter') : undefined,
    nameContains: body.nameContains ?? '',
    useInterquartile: body.useInterquartile ?? false,
  };
}
