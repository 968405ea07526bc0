// A deterministic, adversarial dataset for compiler tests: values collide on purpose (case variants, LIKE
// metacharacters, quotes, missing vs empty properties, updated rows, re-tagged and untagged sessions), and the
// pools that trees draw their values from are the same, so random filters actually match something.
import { requestRow, type RequestRow, type TagRow } from '../analytics/fixtures.js';

export const pools = {
  strings: ['', 'alpha', 'Alpha', 'beta', 'gamma%', 'under_score', 'back\\slash', "quo'te", 'éclair', 'ÉCLAIR', 'x'],
  providers: ['OPENAI', 'ANTHROPIC', 'openai', ''],
  models: ['gpt-4o', 'gpt-4o-mini', 'claude-3', ''],
  propertyKeys: ['env', 'Env', 'team', 'user tier', "o'key"],
  scoreNames: ['accuracy', 'helpful', 'weird name%'],
  scoreValues: [0, 0.5, 1, -2.25, 0.1 + 0.2, 7],
  assets: ['a1', 'a2', 'A1', 'x_y'],
  costsNano: [0, 1, 999, 1_000_000, 100_000_000, 123_456_789, 1_500_000_000],
  sessions: ['s1', 's2', 's3', 's4', 's5', 's6'],
  sessionNames: ['Chat', 'chat bot', 'Batch'],
  tags: ['vip', 'VIP', 'beta'],
  statuses: [200, 400, 429, 500],
};

/** Everything a test needs to know about the time span of the data. */
export const SPAN = { start: Date.UTC(2025, 0, 1), end: Date.UTC(2025, 0, 11) };

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Dataset {
  rows: RequestRow[];
  tags: TagRow[];
}

/** `count` requests for `org` (plus updated versions of some of them) and session tags. */
export function buildDataset(org: string, count: number, seed = 7): Dataset {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const chance = (p: number) => rand() < p;
  const rows: RequestRow[] = [];
  for (let i = 0; i < count; i++) {
    // Coarse timestamps so that equality and window edges hit real rows.
    const at = SPAN.start + Math.floor(rand() * 10) * 86_400_000 + Math.floor(rand() * 4) * 3_600_000 + (chance(0.3) ? 123 : 0);
    const properties: Record<string, string> = {};
    for (const k of pools.propertyKeys) if (chance(0.35)) properties[k] = pick(pools.strings);
    if (chance(0.7)) {
      properties['Core-Session-Id'] = pick(pools.sessions);
      if (chance(0.8)) properties['Core-Session-Name'] = pick(pools.sessionNames);
    }
    const scores: Record<string, number> = {};
    for (const k of pools.scoreNames) if (chance(0.4)) scores[k] = pick(pools.scoreValues);
    const promptTokens = Math.floor(rand() * 50);
    const completionTokens = Math.floor(rand() * 50);
    rows.push(
      requestRow(org, {
        request_id: `req-${String(i).padStart(4, '0')}`,
        at,
        respondedAt: at + Math.floor(rand() * 3000),
        provider: pick(pools.providers),
        model: pick(pools.models),
        country_code: pick(['US', 'DE', '']),
        request_user_id: pick(pools.strings),
        target_url: pick(['https://api.example.com/v1', '']),
        node_id: pick(['', 'n1']),
        job_id: pick(['', 'j1']),
        cache_reference_id: pick(['', 'c1']),
        prompt_id: pick(['', 'p1', 'p2']),
        prompt_version: pick(['', '1.0', '1.1']),
        request_referrer: pick(['', 'web']),
        request_body: `{"messages":[{"content":"${pick(pools.strings)}"}]}`,
        response_body: pick(['refund approved', 'Refund denied', '', '100%_done']),
        delay_ms: Math.floor(rand() * 2000),
        time_to_first_token: Math.floor(rand() * 300),
        response_status: pick(pools.statuses),
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
        prompt_cache_read_tokens: Math.floor(rand() * 3),
        prompt_cache_write_tokens: Math.floor(rand() * 3),
        cost_nano_usd: pick(pools.costsNano),
        properties,
        scores,
        asset_ids: pools.assets.filter(() => chance(0.25)),
        cache_enabled: chance(0.5),
        cached: chance(0.3),
        threat: chance(0.1),
        is_passthrough_billing: chance(0.2),
        feedback_rating: pick([null, true, false]),
      }),
    );
  }
  // Updates: a newer version with changed scores, properties (even the session) and cost must replace the old one.
  const updates = rows
    .filter(() => chance(0.2))
    .map((r) => ({
      ...r,
      version: r.version + 1,
      scores: { ...r.scores, [pick(pools.scoreNames)]: pick(pools.scoreValues) },
      properties: chance(0.5) ? { ...r.properties, 'Core-Session-Id': pick(pools.sessions) } : { ...r.properties, env: pick(pools.strings) },
      cost_nano_usd: pick(pools.costsNano),
    }));
  const tags: TagRow[] = [];
  for (const s of pools.sessions) {
    if (chance(0.2)) continue; // untagged
    tags.push({ organization_id: org, session_id: s, tag: pick(pools.tags), version: 1, is_deleted: 0 });
    if (chance(0.3)) tags.push({ organization_id: org, session_id: s, tag: pick(pools.tags), version: 2, is_deleted: chance(0.4) ? 1 : 0 });
  }
  return { rows: [...rows, ...updates], tags };
  }

  const timestamps = [
    '2025-01-03T00:00:00Z',
    '2025-01-03T01:00:00.123Z',
    '2025-01-03T03:00:00.123+02:00',
    '2025-01-03T00:00:00.1234Z',
    '2025-01-05T00:00:00.000999-00:30',
  ];
  /** Values to try per key: hits, near misses, patterns, fractional and out-of-range numbers, odd instants. */
  export function sampleValues(orgA: string, orgB: string): Record<string, readonly unknown[]> {
  return {
    country_code: ['US', 'us', '%S'],
    provider: ['OPENAI', 'openai', '%AN%'],
    model: ['gpt-4o', 'GPT%', '%mini'],
    user_id: ['alpha', 'Alpha', '%\\%%', 'back\\\\slash', "quo'te"],
    organization_id: [orgA, orgB, 'cmp-%'],
    node_id: ['n1', ''],
    job_id: ['j1', ''],
    request_id: ['req-0001', 'req-00%'],
    target_url: ['https://api.example.com/v1', '%example%'],
    scores_column: ['accuracy', 'weird name%', '%name\\%'],
    cache_reference_id: ['c1', ''],
    assets: ['a1', 'A1', 'x\\_y', 'x_y'],
    prompt_id: ['p1', 'P%'],
    prompt_version: ['1.0', '1._'],
    request_referrer: ['web', 'WEB'],
    request_body: ['alpha', 'ÉCLAIR', 'gamma%', '"'],
    response_body: ['refund', '100%_', '%'],
    latency: [0, 1000, 999.5, -1, 1e300],
    cost: [0, 0.1, 0.123456789, 1.5, 1e-9, 1e-10, 0.0000009995],
    time_to_first_token: [150, 150.5],
    status: [200, 429, 429.5],
    prompt_tokens: [0, 25, 24.5],
    completion_tokens: [25],
    prompt_cache_read_tokens: [1],
    prompt_cache_write_tokens: [2],
    total_tokens: [50, 49.99],
    request_created_at: timestamps,
    response_created_at: timestamps,
    threat: [true, false],
    cache_enabled: [true, false],
    cached: [true, false],
    'core-score-feedback': [true, false],
    is_passthrough_billing: [true, false],
    session_session_id: ['s1', 'S%'],
    session_session_name: ['Chat', 'chat%', 'bot'],
    session_tag: ['vip', 'VIP', 'beta', 'v%'],
    session_total_cost: [0.1, 1.5, 0.000000001, 3.0000000005],
    session_total_tokens: [500, 1000.5],
    session_prompt_tokens: [250],
    session_completion_tokens: [250],
    session_total_requests: [1, 3, 10],
    session_created_at: timestamps,
    session_latest_request_created_at: ['2025-01-10T03:00:00Z', '2025-01-09T00:00:00.123Z'],
  };
}
