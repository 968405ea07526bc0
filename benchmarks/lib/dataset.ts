// The benchmark data set, defined once as SQL: row n of a data set is a pure function of (seed, n), computed
// inside the engine with `INSERT ... SELECT FROM numbers()`. The same SELECT feeds the generator (straight into
// request_response_rmt), the lookup table, and the ingestion suite (read back as JSON lines).
// Every random draw is `cityHash64(seed, n, salt) / 2^64`, so a data set is reproducible from its seed.
// No value from the command line reaches the SQL text: everything variable travels as a {name:Type} parameter.
import fs from 'node:fs';
import path from 'node:path';
import { benchCatalog, type CatalogEntry } from './catalog.js';

export interface DatasetSpec {
  rows: number;
  orgs: number;
  days: number;
  seed: number;
  /** End of the time range (ISO); the range is [end - days, end). Fixed by default so a seed means one data set. */
  end: string;
  /** Share of rows re-inserted with a higher version (property and eval writes). */
  updatedFraction: number;
}

export const DEFAULT_END = '2026-01-01T00:00:00.000Z';
/** Zipf exponent of organisation sizes: a few large tenants, a long tail of small ones. */
const ORG_ZIPF = 1.3;
/** Share of requests that belong to a session (Core-Session-Id set). */
const SESSION_SHARE = 0.7;
/** Mean requests per session; sessions sizes follow rank^-0.6 (a few long agent runs, many short chats). */
const MEAN_SESSION_REQUESTS = 12;
const SCORED_SHARE = 0.3;

export const orgName = (i: number) => `bench-org-${String(i).padStart(3, '0')}`;

/** Expected share of rows of each organisation (index 0 is the largest). */
export function orgShares(orgs: number): number[] {
  const w = Array.from({ length: orgs }, (_, i) => 1 / Math.pow(i + 1, ORG_ZIPF));
  const total = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / total);
}

const cumulative = (weights: readonly number[]): number[] => {
  const total = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  const out = weights.map((w) => (acc += w / total));
  out[out.length - 1] = 1.0000001; // a draw of exactly 1 - 2^-64 still finds an entry
  return out;
};

/** Deterministic pseudo-words (a seeded LCG): the vocabulary of every body text. */
function vocabulary(seed: number, size = 4000): string[] {
  let s = (seed ^ 0x5bd1e995) >>> 0;
  // High bits only: the low bits of an LCG repeat with a short period.
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) >>> 16;
  const syll = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'shi', 'po', 've', 'da', 'an', 'er', 'in', 'on', 'st', 'th', 'qu', 'ze'];
  const words = new Set<string>();
  while (words.size < size) {
    const n = 1 + (next() % 4);
    let w = '';
    for (let i = 0; i < n; i++) w += syll[next() % syll.length];
    words.add(w);
  }
  return [...words];
}

const SESSION_NAMES = ['Support chat', 'Code agent', 'Research assistant', 'Doc QA', 'Onboarding flow', 'Email drafting', 'SQL copilot', 'Sales assistant'];
const SESSION_STEPS = ['/plan', '/plan/search', '/plan/search/read', '/answer', '/answer/review', '/tool/call', '/tool/result', '/summarize'];
const APPS = ['support-bot', 'code-assistant', 'search', 'summarizer', 'translator', 'sales-copilot', 'doc-qa', 'classifier', 'extractor', 'writer', 'moderation', 'analytics-bot'];
const COUNTRIES = ['US', 'US', 'US', 'US', 'DE', 'GB', 'IN', 'IN', 'BR', 'FR', 'JP', 'CA', 'NL', 'ES', 'AU', 'SG'];
/** Score names; a scored row gets 1-4 consecutive names starting at a random one. */
export const SCORE_NAMES = ['accuracy', 'helpfulness', 'relevance', 'toxicity', 'groundedness', 'conciseness'];

/** Column list of the generated rows (the rest of request_response_rmt keeps its defaults). */
export const GENERATED_COLUMNS = [
  'organization_id', 'request_id', 'request_created_at', 'version', 'request_path', 'request_user_id', 'request_model',
  'request_body', 'target_url', 'country_code', 'response_id', 'response_created_at', 'response_model',
  'response_status', 'response_body', 'provider', 'model', 'delay_ms', 'time_to_first_token', 'total_tokens',
  'prompt_tokens', 'prompt_cache_read_tokens', 'completion_tokens', 'reasoning_tokens', 'cost_nano_usd', 'properties',
  'scores', 'cache_enabled', 'updated_at',
] as const;

export interface GenSql {
  /** SELECT of generated rows for numbers [off, off + n); `pass` 0 = original rows, 1 = the updated re-inserts. */
  select: string;
  params: Record<string, unknown>;
}

export function datasetParams(spec: DatasetSpec, catalog: readonly CatalogEntry[] = benchCatalog()) {
  const endMs = Date.parse(spec.end);
  const spanMs = spec.days * 86_400_000;
  const shares = orgShares(spec.orgs);
  return {
    seed: spec.seed,
    start_ms: endMs - spanMs,
    span_ms: spanMs,
    orgs: shares.map((_, i) => orgName(i)),
    org_cum: cumulative(shares),
    // Sessions per organisation, so that the mean session has MEAN_SESSION_REQUESTS requests.
    org_sessions: shares.map((s) => Math.max(1, Math.round((s * spec.rows * SESSION_SHARE) / MEAN_SESSION_REQUESTS))),
    m_model: catalog.map((e) => e.model),
    m_provider: catalog.map((e) => e.providerCode),
    m_url: catalog.map((e) => e.targetUrl),
    m_cum: cumulative(catalog.map((e) => e.weight)),
    m_in: catalog.map((e) => e.nanoIn),
    m_cache: catalog.map((e) => e.nanoCacheRead),
    m_out: catalog.map((e) => e.nanoOut),
    m_think: catalog.map((e) => e.nanoReasoning),
    m_ttft: catalog.map((e) => e.ttftMs),
    m_mspt: catalog.map((e) => e.msPerToken),
    m_reasoning: catalog.map((e) => e.reasoningShare),
    vocab: vocabulary(spec.seed),
    session_names: SESSION_NAMES,
    session_steps: SESSION_STEPS,
    apps: APPS,
    countries: COUNTRIES,
    score_names: SCORE_NAMES,
    updated_fraction: spec.updatedFraction,
    // Time window of the rows to yield (epoch ms, [from, to)); the generator narrows it chunk by chunk.
    t_from: 0,
    t_to: Number.MAX_SAFE_INTEGER,
  };
}

// The request body around its two texts; its length is subtracted so a body is exactly its drawn size.
const REQ_PARTS = ['{"model":"', '","messages":[{"role":"system","content":"', '"},{"role":"user","content":"', '"}],"temperature":0.7,"max_tokens":1024,"stream":false}'];
const REQ_OVERHEAD = REQ_PARTS.join('').length;
const lit = (s: string) => `'${s}'`; // our own constants above: no quote or backslash in them

// One uniform draw in [0, 1) per (row, salt). The salt is a literal of this file, never input.
const u = (salt: number) => `(cityHash64(seed, n, ${salt}) / 18446744073709551616.0)`;

/**
 * The generating SELECT. Parameters: those of datasetParams plus {off:UInt64}, {n:UInt64}, {pass:UInt8}; rows whose
 * request time is outside [t_from, t_to) are skipped before their bodies are built.
 * pass 0 yields every row; pass 1 yields only the updated rows, re-inserted with a higher version and the
 * property or score that the update added (what PUT /property and POST /evals do).
 */
export function generatingSelect(): string {
  return `
WITH
  {seed:UInt64} AS seed_p,
  -- 1.5 MB of text made of the vocabulary (Zipf-skewed words): bodies are slices of it, so they compress like text
  -- and rows close together in a column block do not share bytes (the slice offsets are far apart).
  (SELECT arrayStringConcat(arrayMap(i -> {vocab:Array(String)}[1 + toUInt32(floor(pow(cityHash64({seed:UInt64}, 'corpus', i) / 18446744073709551616.0, 3) * length({vocab:Array(String)})))], range(260000)), ' ')) AS corpus
SELECT ${GENERATED_COLUMNS.join(', ')}
FROM
(
  SELECT
    number AS n,
    seed_p AS seed,
    greatest(1, arrayFirstIndex(c -> c > ${u(1)}, {org_cum:Array(Float64)})) AS org_i,
    {orgs:Array(String)}[org_i] AS organization_id,
    ${u(2)} < ${SESSION_SHARE} AS in_session,
    {org_sessions:Array(UInt64)}[org_i] AS n_sessions,
    -- Session rank k with P(k) ~ k^-0.6 (rank-size power law): session 0 is a long agent run, the tail are chats.
    toUInt64(floor(n_sessions * pow(${u(3)}, 2.5))) AS sess_k,
    cityHash64(seed, organization_id, sess_k) AS sess_h,
    -- Longer sessions last longer: from about 2 minutes up to a day.
    toInt64(least(86400000, 120000 * pow(n_sessions / (sess_k + 1), 0.6))) AS sess_dur,
    {start_ms:Int64} + toInt64((sess_h / 18446744073709551616.0) * ({span_ms:Int64} - sess_dur)) AS sess_start,
    if(in_session, sess_start + toInt64(${u(4)} * sess_dur), {start_ms:Int64} + toInt64(${u(4)} * {span_ms:Int64})) AS t_ms,
    fromUnixTimestamp64Milli(t_ms, 'UTC') AS request_created_at,
    -- Requests of a session mostly stay on the session's model.
    greatest(1, arrayFirstIndex(c -> c > if(in_session AND ${u(5)} < 0.8, cityHash64(sess_h, 'model') / 18446744073709551616.0, ${u(6)}), {m_cum:Array(Float64)})) AS m_i,
    {m_model:Array(String)}[m_i] AS model,
    {m_provider:Array(String)}[m_i] AS provider,
    multiIf(${u(7)} < 0.96, 200, ${u(7)} < 0.975, 429, ${u(7)} < 0.99, 500, 400) AS response_status,
    response_status = 200 AS ok,
    -- Bodies: request 0.5-4 KB (log-uniform), response 0.2-2 KB; tokens follow from the text (4 chars a token).
    toUInt32(floor(500 * pow(8, ${u(8)}))) AS req_len,
    toUInt32(floor(200 * pow(10, ${u(9)}))) AS resp_len,
    greatest(40, toInt64(req_len) - ${REQ_OVERHEAD} - length(model)) AS req_text_len,
    toUInt32(floor(req_text_len * 0.4)) AS sys_len,
    length(corpus) AS corpus_len,
    substring(corpus, 1 + cityHash64(seed, n, 10) % (corpus_len - 5000), sys_len) AS sys_text,
    substring(corpus, 1 + cityHash64(seed, n, 11) % (corpus_len - 5000), req_text_len - sys_len) AS user_text,
    substring(corpus, 1 + cityHash64(seed, n, 12) % (corpus_len - 5000), resp_len) AS resp_text,
    toInt64(ceil(req_text_len / 4)) + 12 AS prompt_tokens,
    -- completion_tokens includes reasoning tokens (the OpenAI convention of spec 2.4 and of the registry's pricing).
    if(ok, toInt64(ceil(resp_len / 4)), 0) AS visible_tokens,
    toInt64(visible_tokens * {m_reasoning:Array(Float64)}[m_i] / (1 - {m_reasoning:Array(Float64)}[m_i]) * (0.5 + ${u(13)})) AS reasoning_tokens,
    visible_tokens + reasoning_tokens AS completion_tokens,
    if({m_cache:Array(Float64)}[m_i] < {m_in:Array(Float64)}[m_i] AND ${u(14)} < 0.3, toInt64(floor(prompt_tokens * 0.8 * ${u(15)})), 0) AS prompt_cache_read_tokens,
    prompt_tokens + completion_tokens AS total_tokens,
    -- Exact cost in nano-USD at the registry's per-token prices; a rejected request (400) costs nothing.
    if(response_status = 400, 0, toInt64(round(
       (prompt_tokens - prompt_cache_read_tokens) * {m_in:Array(Float64)}[m_i]
       + prompt_cache_read_tokens * {m_cache:Array(Float64)}[m_i]
       + visible_tokens * {m_out:Array(Float64)}[m_i]
       + reasoning_tokens * {m_think:Array(Float64)}[m_i]))) AS cost_nano_usd,
    toInt64({m_ttft:Array(Float64)}[m_i] * (0.5 + 1.5 * ${u(16)} * ${u(17)} + ${u(16)})) AS time_to_first_token,
    time_to_first_token + toInt64(completion_tokens * {m_mspt:Array(Float64)}[m_i] * (0.7 + 0.6 * ${u(18)})) AS delay_ms,
    fromUnixTimestamp64Milli(t_ms + delay_ms, 'UTC') AS response_created_at,
    lower(hex(cityHash64(seed, n, 101))) AS id_a,
    lower(hex(cityHash64(seed, n, 102))) AS id_b,
    concat(substring(id_a, 1, 8), '-', substring(id_a, 9, 4), '-4', substring(id_a, 14, 3), '-a', substring(id_b, 2, 3), '-', substring(id_b, 5, 12)) AS request_id,
    concat('chatcmpl-', id_b) AS response_id,
    if(${u(19)} < 0.95, '/v1/chat/completions', '/v1/responses') AS request_path,
    model AS request_model,
    model AS response_model,
    {m_url:Array(String)}[m_i] AS target_url,
    {countries:Array(String)}[1 + cityHash64(seed, n, 20) % length({countries:Array(String)})] AS country_code,
    concat('user_', toString(toUInt32(floor(5000 * pow(${u(21)}, 3))))) AS request_user_id,
    concat(${lit(REQ_PARTS[0]!)}, model, ${lit(REQ_PARTS[1]!)}, sys_text, ${lit(REQ_PARTS[2]!)}, user_text, ${lit(REQ_PARTS[3]!)}) AS request_body,
    if(ok,
       concat('{"id":"', response_id, '","object":"chat.completion","created":', toString(intDiv(t_ms, 1000)),
              ',"model":"', model, '","choices":[{"index":0,"message":{"role":"assistant","content":"', resp_text,
              '"},"finish_reason":"stop"}],"usage":{"prompt_tokens":', toString(prompt_tokens), ',"completion_tokens":',
              toString(completion_tokens), ',"total_tokens":', toString(total_tokens), '}}'),
       concat('{"error":{"message":"', multiIf(response_status = 429, 'Rate limit reached', response_status = 500, 'Upstream error', 'Invalid request'),
              '","type":"', multiIf(response_status = 429, 'rate_limit_error', response_status = 500, 'server_error', 'invalid_request_error'), '"}}')) AS response_body,
    prompt_cache_read_tokens > 0 AS cache_enabled,
    -- Properties: a few keys with skewed values, plus the reserved session keys.
    ${u(30)} < {updated_fraction:Float64} AS is_updated,
    cityHash64(seed, n, 31) % 2 = 0 AS update_adds_property,
    mapFromArrays(
      arrayConcat(
        ['environment'],
        if(${u(22)} < 0.95, ['app'], []),
        if(${u(23)} < 0.6, ['customer_tier'], []),
        if(${u(24)} < 0.2, ['experiment'], []),
        if(in_session, ['Core-Session-Id', 'Core-Session-Name', 'Core-Session-Path'], []),
        if({pass:UInt8} = 1 AND update_adds_property, ['reviewed'], [])),
      arrayConcat(
        [multiIf(${u(25)} < 0.85, 'production', ${u(25)} < 0.95, 'staging', 'development')],
        if(${u(22)} < 0.95, [{apps:Array(String)}[1 + toUInt32(floor(pow(${u(26)}, 2) * length({apps:Array(String)})))]], []),
        if(${u(23)} < 0.6, [multiIf(${u(27)} < 0.6, 'free', ${u(27)} < 0.9, 'pro', 'enterprise')], []),
        if(${u(24)} < 0.2, [['control', 'variant-a', 'variant-b'][1 + cityHash64(seed, n, 28) % 3]], []),
        if(in_session, [
          concat('sess-', lower(hex(sess_h))),
          {session_names:Array(String)}[1 + cityHash64(sess_h, 'name') % length({session_names:Array(String)})],
          {session_steps:Array(String)}[1 + cityHash64(seed, n, 29) % length({session_steps:Array(String)})]], []),
        if({pass:UInt8} = 1 AND update_adds_property, [if(${u(32)} < 0.7, 'approved', 'rejected')], []))) AS properties,
    -- Scores: 1-4 named scores (skewed to fewer) on a share of rows, each name with its own distribution;
    -- an update that does not add a property adds a 'human_rating' score.
    if(${u(40)} < ${SCORED_SHARE}, 1 + toUInt8(floor(pow(${u(41)}, 1.8) * 4)), 0) AS n_scores,
    arrayMap(i -> {score_names:Array(String)}[1 + (cityHash64(seed, n, 42) + i) % length({score_names:Array(String)})], range(n_scores)) AS base_names,
    arrayMap(name -> multiIf(
        name = 'accuracy', round(pow(cityHash64(seed, n, name) / 18446744073709551616.0, 0.5), 3),
        name = 'helpfulness', toFloat64(1 + floor(pow(cityHash64(seed, n, name) / 18446744073709551616.0, 0.6) * 5)),
        name = 'toxicity', round(pow(cityHash64(seed, n, name) / 18446744073709551616.0, 6), 4),
        name = 'groundedness', toFloat64(cityHash64(seed, n, name) % 10 < 8),
        round(cityHash64(seed, n, name) / 18446744073709551616.0, 3)), base_names) AS base_values,
    mapFromArrays(
      arrayConcat(base_names, if({pass:UInt8} = 1 AND NOT update_adds_property, ['human_rating'], [])),
      arrayConcat(base_values, if({pass:UInt8} = 1 AND NOT update_adds_property, [toFloat64(1 + cityHash64(seed, n, 43) % 5)], []))) AS scores,
    -- Version: the write time in ms; an update comes 1-60 minutes after the request.
    -- Versions as the service writes them: 0 on ingestion, stored version + 1 on each property or eval write,
    -- which comes 1-60 minutes after the request.
    toUInt64({pass:UInt8}) AS version,
    fromUnixTimestamp64Milli(t_ms + if({pass:UInt8} = 1, 60000 + toInt64(${u(33)} * 3540000), 0), 'UTC') AS updated_at
  FROM numbers({off:UInt64}, {n:UInt64})
  WHERE ({pass:UInt8} = 0 OR ${u(30)} < {updated_fraction:Float64})
    AND t_ms >= {t_from:Int64} AND t_ms < {t_to:Int64}
)`;
}

/** Where a generated data set keeps its description (next to the engine's files, never committed). */
export const metaFile = (dataDir: string) => path.join(dataDir, 'bench-dataset.json');

export interface DatasetMeta extends DatasetSpec {
  generatedAt: string;
  catalog: 'registry' | 'fixed';
  orgShares: number[];
  generateSeconds: number;
  rowsPerSecond: number;
  /** Seconds waited afterwards for background merges (null: they were still running when the wait ended). */
  mergesSettledAfterSeconds?: number | null;
}

export function readMeta(dataDir: string): DatasetMeta | undefined {
  const f = metaFile(dataDir);
  return fs.existsSync(f) ? (JSON.parse(fs.readFileSync(f, 'utf8')) as DatasetMeta) : undefined;
}
