// The business-model lexicon and its negation handling (docs/matching.md §1, "tags").
import { describe, expect, it } from 'vitest';
import { popcount, scanTags, tagMask, tagNames, TAGS } from '../../../src/server/features/matching/engine/tag-lexicon';

const scan = (text: string) => {
  const result = scanTags(text);
  return { tags: tagNames(result.tags), negated: tagNames(result.negated) };
};

describe('tag lexicon', () => {
  it('has about 25 tags that fit a 32-bit mask', () => {
    expect(TAGS.length).toBeGreaterThanOrEqual(25);
    expect(TAGS.length).toBeLessThanOrEqual(31);
  });

  it('finds tags through synonyms and inflections', () => {
    expect(scan('B2B SaaS with per-seat pricing').tags).toEqual(['B2B', 'subscription']);
    expect(scan('A two-sided marketplace earning a take rate').tags).toEqual(['marketplace']);
    expect(scan('We favour usage-based, pay-as-you-go models').tags).toEqual(['usage-based']);
    expect(scan('Product-led, self-serve motions').tags).toEqual(['PLG']);
    expect(scan('Bookkeeping for small businesses, lending and payments').tags).toEqual(['SMB', 'payments', 'lending']);
  });

  it('matches the longest phrase first ("machine learning" is AI, not education)', () => {
    expect(scan('machine learning for logistics').tags).toEqual(['AI']);
    expect(scan('learning apps for pupils').tags).toEqual(['education']);
  });

  it('turns negated phrases into exclusion tags', () => {
    expect(scan('No hardware.')).toEqual({ tags: [], negated: ['hardware'] });
    expect(scan("We don't do crypto.")).toEqual({ tags: [], negated: ['crypto'] });
    expect(scan('We are not interested in consumer apps')).toEqual({ tags: [], negated: ['consumer'] });
    expect(scan('We avoid consumer businesses.').negated).toEqual(['consumer']);
  });

  it('carries a negation through a list, and no further', () => {
    expect(scan('no hardware, crypto or consumer apps').negated).toEqual(['hardware', 'crypto', 'consumer']);
    expect(scan('We invest in fintech, not crypto, and love B2B')).toEqual({ tags: ['B2B'], negated: ['crypto'] });
  });

  it('ends a negation at a clause break or a contrast word', () => {
    expect(scan('We like B2B but not consumer')).toEqual({ tags: ['B2B'], negated: ['consumer'] });
    expect(scan('No hardware. Marketplaces welcome')).toEqual({ tags: ['marketplace'], negated: ['hardware'] });
    expect(scan('not now; hardware welcome').tags).toEqual(['hardware']);
  });

  it('reads phrases that contain a negation word as positive tags', () => {
    expect(scan('We back teams before revenue').tags).toEqual(['pre-revenue']);
    expect(scan('Happy with no revenue yet').tags).toEqual(['pre-revenue']);
  });

  it('keeps a tag asserted when the text both claims and negates it', () => {
    expect(scan('B2B first. Not only B2B.')).toEqual({ tags: ['B2B'], negated: [] });
  });

  it('counts bits', () => {
    expect(popcount(0)).toBe(0);
    expect(popcount(0b1011)).toBe(3);
    expect(popcount(tagMask([...TAGS]))).toBe(TAGS.length);
  });
});
