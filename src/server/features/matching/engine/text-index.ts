// TF-IDF over profile documents (docs/matching.md §1 "Text" and §2 `text`): log tf × smoothed idf,
// L2-normalised sparse vectors over typed arrays, cosine by merge or against a dense scratch row.
// Building the index (vocabulary, idf, cosine percentiles) is separate from vectorising and
// scoring: the idf is frozen between rebuilds, so re-scoring one saved profile does not shift
// every other score. Words first seen after a build are ignored until the next rebuild.
import { cachedStem, indexTerms, isIndexToken, tokenize } from './text-processing';

/** A sparse, L2-normalised TF-IDF vector; `terms` ascending. */
export interface SparseVector {
  terms: Int32Array;
  weights: Float32Array;
}

export interface TextIndex {
  vocabulary: ReadonlyMap<string, number>;
  idf: Float32Array;
  /** For each term id, its most frequent surface word, for "Shared themes: …". */
  displayTerms: readonly string[];
  documentCount: number;
  /** Median and 99th percentile of startup–investor cosine over random pairs, at build time. */
  c50: number;
  c99: number;
}

export const EMPTY_VECTOR: SparseVector = { terms: new Int32Array(0), weights: new Float32Array(0) };

/** Small seeded PRNG (mulberry32): build-time sampling must be reproducible. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Acronyms that read wrongly in lower case in "Shared themes".
const ACRONYMS = new Set([
  'ai',
  'ml',
  'smb',
  'smbs',
  'sme',
  'b2b',
  'b2c',
  'b2b2c',
  'saas',
  'api',
  'llm',
  'crm',
  'erp',
  'iot',
  'nft',
  'esg',
  'arr',
  'mrr',
  'gmv',
  'plg',
  'bnpl',
  'hr',
]);

export interface BuildTextIndexOptions {
  /** Random startup–investor pairs sampled for c50/c99 (all pairs when there are fewer). */
  samplePairs?: number;
  seed?: number;
}

export interface BuiltTextIndex {
  index: TextIndex;
  startupVectors: SparseVector[];
  investorVectors: SparseVector[];
}

/** Builds the vocabulary, idf and cosine percentiles from both sides' documents, and vectorises them. */
export function buildTextIndex(startupDocuments: readonly string[], investorDocuments: readonly string[], options: BuildTextIndexOptions = {}): BuiltTextIndex {
  const vocabulary = new Map<string, number>();
  const documentFrequency: number[] = [];
  const surfaceCounts: Array<Map<string, number>> = [];
  const tokenised = [...startupDocuments, ...investorDocuments].map((document) => {
    const terms: string[] = [];
    const seen = new Set<number>();
    for (const word of tokenize(document)) {
      if (!isIndexToken(word)) continue;
      const term = cachedStem(word);
      terms.push(term);
      let id = vocabulary.get(term);
      if (id === undefined) {
        id = vocabulary.size;
        vocabulary.set(term, id);
        documentFrequency.push(0);
        surfaceCounts.push(new Map());
      }
      if (!seen.has(id)) {
        seen.add(id);
        documentFrequency[id]! += 1;
      }
      // Surface forms: the most common original word per stem, for display.
      const counts = surfaceCounts[id]!;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    return terms;
  });
  const documentCount = tokenised.length;
  const idf = new Float32Array(vocabulary.size);
  // Smoothed idf (as scikit-learn): ln((1 + N) / (1 + df)) + 1, never zero, never negative.
  for (let id = 0; id < idf.length; id++) idf[id] = Math.log((1 + documentCount) / (1 + documentFrequency[id]!)) + 1;
  const displayTerms = surfaceCounts.map((counts) => {
    let best = '';
    let bestCount = -1;
    for (const [word, count] of counts) if (count > bestCount || (count === bestCount && word < best)) [best, bestCount] = [word, count];
    return ACRONYMS.has(best) ? best.toUpperCase() : best;
  });
  const partial: TextIndex = { vocabulary, idf, displayTerms, documentCount, c50: 0, c99: 1 };
  const startupVectors = packVectors(tokenised.slice(0, startupDocuments.length).map((terms) => vectorFromTerms(partial, terms)));
  const investorVectors = packVectors(tokenised.slice(startupDocuments.length).map((terms) => vectorFromTerms(partial, terms)));
  const { c50, c99 } = cosinePercentiles(startupVectors, investorVectors, options.samplePairs ?? 20_000, options.seed ?? 1);
  return { index: { ...partial, c50, c99 }, startupVectors, investorVectors };
}

/**
 * Re-homes many vectors into one CSR-style pair of buffers (each vector becomes a view of its
 * slice), so scoring a population walks contiguous memory instead of thousands of small arrays.
 */
export function packVectors(vectors: readonly SparseVector[]): SparseVector[] {
  const total = vectors.reduce((sum, vector) => sum + vector.terms.length, 0);
  const terms = new Int32Array(total);
  const weights = new Float32Array(total);
  let offset = 0;
  return vectors.map((vector) => {
    const start = offset;
    terms.set(vector.terms, start);
    weights.set(vector.weights, start);
    offset += vector.terms.length;
    return { terms: terms.subarray(start, offset), weights: weights.subarray(start, offset) };
  });
}

/** Vectorises a document against a frozen index (unknown words are dropped). */
export function vectorize(index: TextIndex, document: string): SparseVector {
  return vectorFromTerms(index, indexTerms(document));
}

function vectorFromTerms(index: TextIndex, terms: readonly string[]): SparseVector {
  const counts = new Map<number, number>();
  for (const term of terms) {
    const id = index.vocabulary.get(term);
    if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  if (counts.size === 0) return EMPTY_VECTOR;
  const ids = [...counts.keys()].sort((a, b) => a - b);
  const vector: SparseVector = { terms: Int32Array.from(ids), weights: new Float32Array(ids.length) };
  let norm = 0;
  ids.forEach((id, position) => {
    const weight = (1 + Math.log(counts.get(id)!)) * index.idf[id]!;
    vector.weights[position] = weight;
    norm += weight * weight;
  });
  const scale = 1 / Math.sqrt(norm);
  for (let position = 0; position < ids.length; position++) vector.weights[position]! *= scale;
  return vector;
}

/** Cosine of two L2-normalised sparse vectors (a sorted merge). */
export function cosine(a: SparseVector, b: SparseVector): number {
  let i = 0;
  let j = 0;
  let dot = 0;
  const aTerms = a.terms;
  const bTerms = b.terms;
  while (i < aTerms.length && j < bTerms.length) {
    const ta = aTerms[i]!;
    const tb = bTerms[j]!;
    if (ta === tb) dot += a.weights[i++]! * b.weights[j++]!;
    else if (ta < tb) i++;
    else j++;
  }
  return dot;
}

/** Writes `vector` into a dense row (vocabulary-sized), for many dot products against one profile. */
export function scatter(vector: SparseVector, dense: Float32Array): void {
  for (let k = 0; k < vector.terms.length; k++) dense[vector.terms[k]!] = vector.weights[k]!;
}

/** Undoes `scatter`, touching only the vector's own entries. */
export function unscatter(vector: SparseVector, dense: Float32Array): void {
  for (let k = 0; k < vector.terms.length; k++) dense[vector.terms[k]!] = 0;
}

export function denseDot(vector: SparseVector, dense: Float32Array): number {
  let dot = 0;
  const terms = vector.terms;
  const weights = vector.weights;
  for (let k = 0; k < terms.length; k++) dot += weights[k]! * dense[terms[k]!]!;
  return dot;
}

/** The guide's text component: clamp((cos − c50) / (c99 − c50), 0, 1). */
export function textComponent(index: TextIndex, cosineValue: number): number {
  const value = (cosineValue - index.c50) / (index.c99 - index.c50);
  return value <= 0 ? 0 : value >= 1 ? 1 : value;
}

function cosinePercentiles(startups: SparseVector[], investors: SparseVector[], samplePairs: number, seed: number): { c50: number; c99: number } {
  const usableStartups = startups.filter((vector) => vector.terms.length > 0);
  const usableInvestors = investors.filter((vector) => vector.terms.length > 0);
  const total = usableStartups.length * usableInvestors.length;
  if (total === 0) return { c50: 0, c99: 1 };
  const values: number[] = [];
  if (total <= samplePairs) {
    for (const s of usableStartups) for (const i of usableInvestors) values.push(cosine(s, i));
  } else {
    const random = mulberry32(seed);
    for (let n = 0; n < samplePairs; n++) {
      const s = usableStartups[Math.floor(random() * usableStartups.length)]!;
      const i = usableInvestors[Math.floor(random() * usableInvestors.length)]!;
      values.push(cosine(s, i));
    }
  }
  values.sort((a, b) => a - b);
  const at = (q: number) => values[Math.min(values.length - 1, Math.floor(q * (values.length - 1)))]!;
  const c50 = at(0.5);
  // A tiny or uniform corpus can make the two equal; keep a usable spread.
  const c99 = Math.max(at(0.99), c50 + 0.05);
  return { c50, c99 };
}

/** The `limit` terms contributing most to the pair's cosine, as display words. */
export function topSharedTerms(index: TextIndex, a: SparseVector, b: SparseVector, limit = 3): string[] {
  const shared: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < a.terms.length && j < b.terms.length) {
    const ta = a.terms[i]!;
    const tb = b.terms[j]!;
    if (ta === tb) shared.push([ta, a.weights[i++]! * b.weights[j++]!]);
    else if (ta < tb) i++;
    else j++;
  }
  shared.sort((x, y) => y[1] - x[1]);
  return shared.slice(0, limit).map(([term]) => index.displayTerms[term] ?? '');
}
