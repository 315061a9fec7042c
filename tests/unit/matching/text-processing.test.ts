// Tokenizer and Porter stemmer shared by TF-IDF and the tag lexicon.
import { describe, expect, it } from 'vitest';
import { indexTerms, isStopWord, stem, tokenize } from '../../../src/server/features/matching/engine/text-processing';

describe('tokenize', () => {
  it('lower-cases, folds diacritics, drops apostrophes and splits hyphens', () => {
    expect(tokenize("We don't back Product-Led São Paulo teams")).toEqual(['we', 'dont', 'back', 'product', 'led', 'sao', 'paulo', 'teams']);
  });

  it('keeps clause breaks and commas only when asked', () => {
    expect(tokenize('B2B, SaaS. Not crypto; ok')).toEqual(['b2b', 'saas', 'not', 'crypto', 'ok']);
    expect(tokenize('B2B, SaaS. Not crypto; ok', true)).toEqual(['b2b', ',', 'saas', '|', 'not', 'crypto', '|', 'ok']);
  });
});

describe('Porter stemmer', () => {
  // Reference outputs of the original algorithm (Porter 1980, and the tartarus.org test vocabulary).
  const cases: Array<[string, string]> = [
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['ties', 'ti'],
    ['cats', 'cat'],
    ['feed', 'feed'],
    ['agreed', 'agre'],
    ['plastered', 'plaster'],
    ['motoring', 'motor'],
    ['sing', 'sing'],
    ['conflated', 'conflat'],
    ['hopping', 'hop'],
    ['filing', 'file'],
    ['happy', 'happi'],
    ['relational', 'relat'],
    ['conditional', 'condit'],
    ['rational', 'ration'],
    ['digitizer', 'digit'],
    ['generalization', 'gener'],
    ['hopefulness', 'hope'],
    ['triplicate', 'triplic'],
    ['electrical', 'electr'],
    ['adjustment', 'adjust'],
    ['adoption', 'adopt'],
    ['controlling', 'control'],
    ['payments', 'payment'],
    ['lending', 'lend'],
    ['subscriptions', 'subscript'],
  ];
  it.each(cases)('%s → %s', (word, expected) => expect(stem(word)).toBe(expected));

  it('leaves short words and tokens with digits alone', () => {
    expect(stem('ai')).toBe('ai');
    expect(stem('b2b2c')).toBe('b2b2c');
  });
});

describe('indexTerms', () => {
  it('drops stop words, domain filler and bare numbers, and stems the rest', () => {
    expect(indexTerms('We invest in 3 payments startups for small businesses')).toEqual(['payment', 'small']);
    expect(isStopWord('investors')).toBe(true);
  });
});
