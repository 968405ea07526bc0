// One adapter per rerank provider API: provider-neutral input in, normalised scores out.
import { postJson, requireBaseUrl, UpstreamError } from '../upstream/http.js';
import { bm25Scores, countTokens } from './bm25.js';

export interface RerankCall {
  /** The id the upstream expects. */
  providerModelId: string;
  query: string;
  documents: readonly string[];
  topN?: number;
  task?: string;
  baseUrl?: string;
  apiKey?: string;
}

export interface RerankScores {
  /** Document index and score, best first. */
  results: Array<{ index: number; relevance_score: number }>;
  inputTokens: number;
}

type Adapter = (call: RerankCall, provider: string) => Promise<RerankScores>;

const TIMEOUT_MS = 30_000;

function post(provider: string, call: RerankCall, path: string, body: unknown): Promise<any> {
  const headers: Record<string, string> = call.apiKey ? { authorization: `Bearer ${call.apiKey}` } : {};
  return postJson(provider, requireBaseUrl(provider, call.baseUrl) + path, headers, body, TIMEOUT_MS);
}

function normalise(provider: string, items: unknown, n: number): RerankScores['results'] {
  if (!Array.isArray(items)) throw new UpstreamError(provider, 200, 'response has no results array', true);
  const seen = new Set<number>();
  return items
    .map((r: { index?: unknown; relevance_score?: unknown }) => {
      if (typeof r?.index !== 'number' || !Number.isInteger(r.index) || r.index < 0 || r.index >= n || typeof r.relevance_score !== 'number') {
        throw new UpstreamError(provider, 200, `malformed result ${JSON.stringify(r).slice(0, 100)}`, true);
      }
      // Each document is scored once; a repeated index is a broken answer, not two results.
      if (seen.has(r.index)) throw new UpstreamError(provider, 200, `document ${r.index} scored twice`, true);
      seen.add(r.index);
      return { index: r.index, relevance_score: r.relevance_score };
    })
    .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index);
}

const estimate = (call: RerankCall) => countTokens(call.query, call.documents);
/**
 * The upstream's token count when it is a plausible one (a non-negative safe integer), else our estimate: the value
 * is the response's `usage.input_tokens` (an integer) and the logged prompt_tokens, which must stay insertable.
 */
const tokens = (reported: unknown, call: RerankCall) =>
  typeof reported === 'number' && Number.isSafeInteger(reported) && reported >= 0 ? reported : estimate(call);

export const ADAPTERS: Partial<Record<string, Adapter>> = {
  // Cohere v2 rerank: results[].{index, relevance_score}; bills search units, not tokens.
  cohere: async (call, provider) => {
    const json = await post(provider, call, '/v2/rerank', {
      model: call.providerModelId, query: call.query, documents: call.documents,
      ...(call.topN !== undefined ? { top_n: call.topN } : {}),
    });
    return { results: normalise(provider, json.results, call.documents.length), inputTokens: tokens(json.meta?.tokens?.input_tokens, call) };
  },
  // Voyage: data[].{index, relevance_score}; instructions are prepended to the query (Voyage's documented way).
  voyage: async (call, provider) => {
    const json = await post(provider, call, '/v1/rerank', {
      model: call.providerModelId, query: call.task ? `${call.task}\n${call.query}` : call.query, documents: call.documents,
      return_documents: false, ...(call.topN !== undefined ? { top_k: call.topN } : {}),
    });
    return { results: normalise(provider, json.data, call.documents.length), inputTokens: tokens(json.usage?.total_tokens, call) };
  },
  // Jina: results[].{index, relevance_score}, usage.total_tokens.
  jina: async (call, provider) => {
    const json = await post(provider, call, '/v1/rerank', {
      model: call.providerModelId, query: call.query, documents: call.documents, return_documents: false,
      ...(call.topN !== undefined ? { top_n: call.topN } : {}),
    });
    return { results: normalise(provider, json.results, call.documents.length), inputTokens: tokens(json.usage?.total_tokens, call) };
  },
  // Built-in BM25: no network, no credential.
  svc: async (call) => {
    const scores = bm25Scores(call.query, call.documents);
    const results = scores.map((relevance_score, index) => ({ index, relevance_score }))
      .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index);
    return { results, inputTokens: estimate(call) };
  },
};
