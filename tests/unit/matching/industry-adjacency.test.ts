// The industry adjacency table (docs/matching.md §1): one reviewed table, symmetric, 1 on the diagonal.
import { describe, expect, it } from 'vitest';
import { INDUSTRIES } from '../../../src/shared/enums';
import {
  ADJACENCY,
  ADJACENT_INDUSTRY_PAIRS,
  INDUSTRY_COUNT,
  industryAdjacency,
  industryNeighbours,
} from '../../../src/server/features/matching/engine/industry-adjacency';

const at = (a: string, b: string) => industryAdjacency(INDUSTRIES.indexOf(a as never), INDUSTRIES.indexOf(b as never));

describe('industry adjacency', () => {
  it('is 15×15, symmetric, 1 on the diagonal and within [0, 1]', () => {
    expect(INDUSTRY_COUNT).toBe(15);
    expect(ADJACENCY.length).toBe(225);
    for (let i = 0; i < INDUSTRY_COUNT; i++) {
      expect(industryAdjacency(i, i)).toBe(1);
      for (let j = 0; j < INDUSTRY_COUNT; j++) {
        expect(industryAdjacency(i, j)).toBe(industryAdjacency(j, i));
        expect(industryAdjacency(i, j)).toBeGreaterThanOrEqual(0);
        expect(industryAdjacency(i, j)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('holds the designed pairs exactly', () => {
    expect(at('E-commerce', 'Marketplace')).toBeCloseTo(0.6);
    expect(at('Hardware', 'Manufacturing')).toBeCloseTo(0.6);
    expect(at('FinTech', 'Blockchain')).toBeCloseTo(0.5);
    expect(at('AI/ML', 'SaaS')).toBeCloseTo(0.5);
    expect(at('Security', 'SaaS')).toBeCloseTo(0.4);
    expect(at('Mobile', 'Consumer')).toBeCloseTo(0.5);
    expect(at('Media', 'Consumer')).toBeCloseTo(0.4);
  });

  it('is 0 for pairs not in the reviewed table', () => {
    expect(at('HealthTech', 'Blockchain')).toBe(0);
    expect(at('EdTech', 'Security')).toBe(0);
  });

  it('lists every pair once, with a reason, between real industries, below 1', () => {
    const seen = new Set<string>();
    for (const [a, b, value, why] of ADJACENT_INDUSTRY_PAIRS) {
      const key = [a, b].sort().join('~');
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      expect(a).not.toBe(b);
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThan(1);
      expect(why.length).toBeGreaterThan(10);
    }
  });

  it('gives blocking neighbours at or above a threshold, itself included', () => {
    const fintech = INDUSTRIES.indexOf('FinTech');
    expect(industryNeighbours(fintech, 0.5).map((i) => INDUSTRIES[i])).toEqual(['FinTech', 'Blockchain']);
  });
});
