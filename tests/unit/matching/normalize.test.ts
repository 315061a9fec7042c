// Raw rows → normalised features: ordinals, places, tags, exclusions, unknowns.
import { describe, expect, it } from 'vitest';
import { DEMO_INVESTORS, DEMO_STARTUPS } from '../../../src/server/demo/demo-data';
import { FUNDING_GOAL_OPTIONS } from '../../../src/shared/enums';
import { fundingBucketOrdinal, normalizeInvestor, normalizeStartup } from '../../../src/server/features/matching/engine/normalize';
import { tagNames } from '../../../src/server/features/matching/engine/tag-lexicon';

const ledgerly = { id: 1, ...DEMO_STARTUPS[0]!.profile };
const northstar = { id: 2, ...DEMO_INVESTORS[0]!.profile };

describe('normalizeStartup', () => {
  it('maps stage, industry and the stored funding goal to ordinals', () => {
    const f = normalizeStartup(ledgerly);
    expect(f).toMatchObject({ stage: 1, industry: 1, fundingBucket: 3 });
    expect(f.location).toMatchObject({ city: 'London', country: 'United Kingdom' });
  });

  it('maps every stored funding value to its bucket, and in-between amounts to the bucket they fall in', () => {
    FUNDING_GOAL_OPTIONS.forEach((option, index) => expect(fundingBucketOrdinal(option.value)).toBe(index));
    expect(fundingBucketOrdinal(2_000_000)).toBe(3);
    expect(fundingBucketOrdinal(-5)).toBe(-1);
    expect(fundingBucketOrdinal(null)).toBe(-1);
  });

  it('reads tags from the business model, financials, description and industry', () => {
    expect(tagNames(normalizeStartup(ledgerly).tags)).toEqual(['B2B', 'subscription', 'revenue-generating', 'AI', 'SMB', 'lending']);
    expect(tagNames(normalizeStartup({ id: 3, industry: 'Blockchain', description: 'A wallet.' }).tags)).toContain('crypto');
    expect(tagNames(normalizeStartup({ id: 4, financials: { arr: 0 } }).tags)).toEqual(['pre-revenue']);
    expect(tagNames(normalizeStartup({ id: 5, financials: { ebitda: 10 } }).tags)).toEqual(['profitable']);
  });

  it('lets the text deny an industry-implied tag', () => {
    const f = normalizeStartup({ id: 6, industry: 'Hardware', description: 'Pure software, no hardware.' });
    expect(tagNames(f.tags)).not.toContain('hardware');
    expect(tagNames(f.negatedTags)).toEqual(['hardware']);
  });

  it('reads the investor preferences', () => {
    const prefs = normalizeStartup(ledgerly).preferences;
    expect(prefs).toMatchObject({ stages: [1, 2], checkBuckets: [3], industries: [0, 1], areaText: 'Europe' });
    expect(prefs.area).toMatchObject({ level: 'continent', continent: 'Europe' });
  });

  it('turns a missing or malformed row into unknowns, never a guess', () => {
    const f = normalizeStartup({
      id: 7,
      stage: 'Series Z',
      industry: 42 as never,
      investorPreferences: 'oops',
      businessModel: [null, 3],
      fundingGoal: Number.NaN,
    });
    expect(f).toMatchObject({ stage: -1, industry: -1, fundingBucket: -1, location: null, tags: 0, hasTagSource: false });
    expect(f.preferences).toMatchObject({ stages: [], checkBuckets: [], industries: [], area: null });
  });
});

describe('normalizeInvestor', () => {
  it('maps lists of labels to ordinals and reads thesis tags', () => {
    const f = normalizeInvestor(northstar);
    expect(f).toMatchObject({ stages: [1, 2], checkBuckets: [2, 3], industries: [0, 1], portfolioSize: 48, isGlobal: false });
    expect(tagNames(f.tags)).toEqual(expect.arrayContaining(['B2B', 'subscription', 'SMB', 'payments', 'lending']));
    expect(f.document).toContain('SaaS, FinTech');
  });

  it('turns negations in the thesis into exclusion tags', () => {
    const f = normalizeInvestor({ id: 8, investmentThesis: "B2B software. We don't do crypto, and no hardware." });
    expect(tagNames(f.tags)).toEqual(['B2B']);
    expect(tagNames(f.exclusionTags)).toEqual(['hardware', 'crypto']);
  });

  it('flags a global mandate, but not a startup that scales globally or does remote monitoring', () => {
    expect(normalizeInvestor({ id: 9, investmentThesis: 'We invest globally in seed software.' }).isGlobal).toBe(true);
    expect(normalizeInvestor({ id: 10, location: 'Remote' }).isGlobal).toBe(true);
    expect(normalizeInvestor({ id: 11, investmentThesis: 'Companies scaling globally; remote monitoring.' }).isGlobal).toBe(false);
    expect(normalizeInvestor({ id: 12, investmentThesis: 'We are not a global fund.' }).isGlobal).toBe(false);
  });

  it('keeps unknowns unknown', () => {
    expect(normalizeInvestor({ id: 13, industryFocus: null, stagePreference: 'Seed', portfolioSize: -1 })).toMatchObject({
      industries: [],
      stages: [],
      checkBuckets: [],
      portfolioSize: null,
      location: null,
      tags: 0,
      exclusionTags: 0,
      document: '',
    });
  });
});
