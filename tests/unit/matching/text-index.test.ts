// TF-IDF over typed arrays: weights, cosine, percentiles, frozen idf, shared terms.
import { describe, expect, it } from 'vitest';
import {
  buildTextIndex,
  cosine,
  denseDot,
  packVectors,
  scatter,
  textComponent,
  topSharedTerms,
  unscatter,
  vectorize,
} from '../../../src/server/features/matching/engine/text-index';

const startupDocs = [
  'Payments and lending for small businesses, with bookkeeping automation.',
  'Remote monitoring for hospitals and clinics, cutting readmissions.',
  'Adaptive maths practice for teachers and pupils.',
  'Grid flexibility for commercial buildings and heat pumps.',
];
const investorDocs = [
  'We back payments, lending and accounting software for small businesses.',
  'Care delivery and remote monitoring sold to hospitals.',
  'Decarbonisation of buildings and the grid.',
];

describe('text index', () => {
  const built = buildTextIndex(startupDocs, investorDocs, { seed: 3 });

  it('builds L2-normalised vectors with ascending term ids', () => {
    for (const vector of [...built.startupVectors, ...built.investorVectors]) {
      const norm = vector.weights.reduce((sum, w) => sum + w * w, 0);
      expect(norm).toBeCloseTo(1, 5);
      for (let k = 1; k < vector.terms.length; k++) expect(vector.terms[k]!).toBeGreaterThan(vector.terms[k - 1]!);
    }
  });

  it('scores related documents above unrelated ones, symmetrically', () => {
    const [fin, health] = built.startupVectors;
    const [finInvestor] = built.investorVectors;
    expect(cosine(fin!, finInvestor!)).toBeGreaterThan(0.3);
    expect(cosine(health!, finInvestor!)).toBe(0);
    expect(cosine(fin!, finInvestor!)).toBeCloseTo(cosine(finInvestor!, fin!), 6);
  });

  it('gives the same dot product through a dense scratch row, and cleans the row up', () => {
    const dense = new Float32Array(built.index.idf.length);
    scatter(built.investorVectors[0]!, dense);
    expect(denseDot(built.startupVectors[0]!, dense)).toBeCloseTo(cosine(built.startupVectors[0]!, built.investorVectors[0]!), 6);
    unscatter(built.investorVectors[0]!, dense);
    expect(dense.every((value) => value === 0)).toBe(true);
  });

  it('computes c50 ≤ c99 with a usable spread, deterministically for a seed', () => {
    expect(built.index.c99).toBeGreaterThanOrEqual(built.index.c50 + 0.05);
    expect(buildTextIndex(startupDocs, investorDocs, { seed: 3 }).index.c99).toBe(built.index.c99);
    expect(textComponent(built.index, built.index.c50)).toBe(0);
    expect(textComponent(built.index, built.index.c99)).toBe(1);
    expect(textComponent(built.index, 2)).toBe(1);
  });

  it('freezes the vocabulary: new words are ignored until the next build', () => {
    const vector = vectorize(built.index, 'payments quantum teleportation');
    expect(vector.terms.length).toBe(1);
    expect(vectorize(built.index, 'entirely unseen words').terms.length).toBe(0);
  });

  it('names the top shared terms in their surface form', () => {
    expect(topSharedTerms(built.index, built.startupVectors[0]!, built.investorVectors[0]!, 3)).toEqual(expect.arrayContaining(['lending']));
    expect(topSharedTerms(built.index, built.startupVectors[1]!, built.investorVectors[0]!)).toEqual([]);
  });

  it('packs vectors into shared buffers without changing them', () => {
    const packed = packVectors(built.startupVectors);
    packed.forEach((vector, n) => {
      expect(Array.from(vector.terms)).toEqual(Array.from(built.startupVectors[n]!.terms));
      expect(vector.terms.buffer).toBe(packed[0]!.terms.buffer);
    });
  });
});
