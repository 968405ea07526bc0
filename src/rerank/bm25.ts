// The built-in `svc` rerank scorer: Okapi BM25 over the candidate documents, so rerank works with no upstream
// provider configured (offline, tests, cheap first-pass ranking). Scores are squashed into [0, 1).
const K1 = 1.2;
const B = 0.75;

/** Lower-cased word tokens (letters and digits of any script). */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export function bm25Scores(query: string, documents: readonly string[]): number[] {
  const docs = documents.map(tokenize);
  const n = docs.length;
  const avgLen = docs.reduce((s, d) => s + d.length, 0) / Math.max(n, 1) || 1;
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
  const terms = [...new Set(tokenize(query))];
  return docs.map((d) => {
    const tf = new Map<string, number>();
    for (const t of d) tf.set(t, (tf.get(t) ?? 0) + 1);
    let score = 0;
    for (const t of terms) {
      const f = tf.get(t);
      if (!f) continue;
      const idf = Math.log(1 + (n - df.get(t)! + 0.5) / (df.get(t)! + 0.5));
      score += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.length) / avgLen));
    }
    // Monotonic squash so scores read like other providers' relevance scores.
    return score / (score + 1);
  });
}

/** Rough token count used for `usage.input_tokens` of the built-in scorer: query once per document, plus documents. */
export function countTokens(query: string, documents: readonly string[]): number {
  const q = tokenize(query).length;
  return documents.reduce((s, d) => s + q + tokenize(d).length, 0);
}
