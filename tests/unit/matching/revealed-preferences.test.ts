// Revealed preferences (docs/matching.md §2b): an investor's track record blended with the stated
// profile per component, shrunk by the number of deals, weighed by recency, explained next to the
// stated line, and a no-op without a track record.
import { describe, expect, it } from 'vitest';
import { toMatchBreakdown } from '../../../src/server/features/matching/engine/match-explanation';
import { createMatchingEngine, type MatchingEngine } from '../../../src/server/features/matching/engine/matching-engine';
import type { RawInvestorProfile, RawStartupProfile } from '../../../src/server/features/matching/engine/normalize';
import {
  buildRevealedProfile,
  recencyWeight,
  REVEALED_SHRINKAGE_K,
  type TrackRecordDeal,
} from '../../../src/server/features/matching/engine/revealed-preferences';

const AS_OF = new Date('2026-11-01T00:00:00Z');

const SEED_STARTUP: RawStartupProfile = {
  id: 1,
  location: 'London, UK',
  stage: 'Seed',
  industry: 'FinTech',
  fundingGoal: 1_000_000,
  description: 'Bookkeeping and payments for small businesses.',
  investorPreferences: { stages: ['Seed'], checkSizes: ['$1M - $3M'], industries: ['FinTech'], location: 'Europe' },
};
const SERIES_A_STARTUP: RawStartupProfile = {
  id: 2,
  location: 'London, UK',
  stage: 'Series A',
  industry: 'FinTech',
  fundingGoal: 3_000_000,
  description: 'Payments and banking infrastructure for fintech companies.',
};
const INVESTOR: RawInvestorProfile = {
  id: 10,
  location: 'London, UK',
  investmentThesis: 'We back fintech founders building payments and banking infrastructure.',
  industryFocus: ['FinTech'],
  stagePreference: ['Series A'],
  investmentRange: ['$3M - $5M'],
  portfolioSize: 12,
};

const seedDeal = (n: number, investedOn = '2025-06-01'): TrackRecordDeal => ({
  investedOn,
  stage: 'Seed',
  industry: 'FinTech',
  location: 'London, UK',
  countryCode: 'GB',
  amountUsd: 1_500_000 + n,
});
const seedDeals = (count: number, investedOn?: string) => Array.from({ length: count }, (_, n) => seedDeal(n, investedOn));

function engineWith(deals: readonly TrackRecordDeal[] | null): MatchingEngine {
  const engine = createMatchingEngine({ startups: [SEED_STARTUP, SERIES_A_STARTUP], investors: [INVESTOR] });
  if (deals) engine.setTrackRecords([[INVESTOR.id, deals]], AS_OF);
  return engine;
}
const scoreOf = (engine: MatchingEngine, startupId: number) => engine.explain(startupId, INVESTOR.id)!.score;

describe('the revealed profile', () => {
  it('is the recency-weighted share of deals under each component’s own similarity', () => {
    const profile = buildRevealedProfile(
      [
        { investedOn: '2026-01-01', stage: 'Seed', industry: 'FinTech', amountUsd: 1_000_000 },
        { investedOn: '2026-01-01', stage: 'Seed', industry: 'FinTech', amountUsd: null },
        { investedOn: '2026-01-01', stage: 'Seed', industry: 'EdTech', amountUsd: null },
        { investedOn: '2026-01-01', stage: 'Series A', industry: 'FinTech', amountUsd: null },
      ],
      AS_OF,
    )!;
    // Stage: a Seed startup gets (3·φ(0) + 1·φ(1)) / 4, a Series A one (3·φ(1) + 1·φ(0)) / 4, scaled
    // so the favourite (Seed) is 1.
    expect(profile.stageByStartupStage![1]).toBeCloseTo(1, 5);
    expect(profile.stageByStartupStage![2]).toBeCloseTo((3 * 0.5 + 1) / 4 / ((3 + 0.5) / 4), 5);
    // Sector: FinTech 3 of 4, EdTech 1 of 4 (no adjacency between them), scaled to FinTech.
    expect(profile.sectorByStartupIndustry![1]).toBeCloseTo(1, 5);
    expect(profile.sectorByStartupIndustry![3]).toBeCloseTo(1 / 3, 5);
    // Only one deal has an amount: the check evidence is that one deal.
    expect(profile.check!.deals).toBe(1);
    expect(profile.stage!.deals).toBe(4);
    // Every value stays in [0, 1], like the stated components.
    for (const row of [profile.stageByStartupStage!, profile.sectorByStartupIndustry!, profile.checkByStartupBucket!])
      for (const value of row) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }
  });

  it('weighs a deal by its age: half at the half-life, and old deals give less evidence', () => {
    expect(recencyWeight('2026-11-01', AS_OF)).toBeCloseTo(1, 5);
    expect(recencyWeight('2023-11-01', AS_OF)).toBeCloseTo(0.5, 2);
    expect(recencyWeight('2027-01-01', AS_OF)).toBe(1);
    const recent = buildRevealedProfile(seedDeals(5, '2026-06-01'), AS_OF)!;
    const old = buildRevealedProfile(seedDeals(5, '2012-06-01'), AS_OF)!;
    expect(old.stage!.weight).toBeLessThan(recent.stage!.weight / 4);
    expect(recent.stage!.weight).toBeCloseTo(recent.stage!.effective / (recent.stage!.effective + REVEALED_SHRINKAGE_K), 6);
  });

  it('is null for an empty record, so nothing changes', () => {
    expect(buildRevealedProfile([], AS_OF)).toBeNull();
  });
});

describe('blending the track record into the score', () => {
  it('leaves every score and explanation identical without a track record', () => {
    const plain = engineWith(null);
    const empty = engineWith([]);
    for (const startupId of [SEED_STARTUP.id, SERIES_A_STARTUP.id]) {
      expect(empty.explain(startupId, INVESTOR.id)).toEqual(plain.explain(startupId, INVESTOR.id));
      expect(plain.explain(startupId, INVESTOR.id)!.components.every((component) => component.revealed === undefined)).toBe(true);
    }
  });

  it('shrinks by the number of deals: one seed deal moves the score a little, twenty a lot', () => {
    const stated = scoreOf(engineWith(null), SEED_STARTUP.id);
    const one = scoreOf(engineWith(seedDeals(1)), SEED_STARTUP.id);
    const twenty = scoreOf(engineWith(seedDeals(20)), SEED_STARTUP.id);
    expect(one).toBeGreaterThanOrEqual(stated);
    expect(one - stated).toBeLessThanOrEqual(3);
    expect(twenty - stated).toBeGreaterThanOrEqual(8);
    expect(twenty - stated).toBeGreaterThan(3 * (one - stated));
  });

  it('counts old deals less than recent ones', () => {
    const stated = scoreOf(engineWith(null), SEED_STARTUP.id);
    const recent = scoreOf(engineWith(seedDeals(10, '2026-03-01')), SEED_STARTUP.id);
    const old = scoreOf(engineWith(seedDeals(10, '2011-03-01')), SEED_STARTUP.id);
    expect(recent).toBeGreaterThan(old);
    expect(old - stated).toBeLessThan((recent - stated) / 2);
  });

  it('ranks a seed startup above its Series A twin once the track record shows seed deals', () => {
    const twin = (id: number, stage: string): RawStartupProfile => ({ ...SERIES_A_STARTUP, id, stage });
    const rank = (deals: readonly TrackRecordDeal[] | null) => {
      const engine = createMatchingEngine({ startups: [twin(21, 'Seed'), twin(22, 'Series A')], investors: [INVESTOR] });
      if (deals) engine.setTrackRecords([[INVESTOR.id, deals]], AS_OF);
      return engine.matchesForInvestor(INVESTOR.id, { floor: 0 }).map((match) => match.startupId);
    };
    expect(rank(null)).toEqual([22, 21]);
    expect(rank(seedDeals(12))).toEqual([21, 22]);
  });

  it('shows the stated line and the track record’s, marked when they disagree', () => {
    const explanation = engineWith(seedDeals(9)).explain(SEED_STARTUP.id, INVESTOR.id)!;
    const stage = explanation.components.find((component) => component.key === 'stage' && component.side === 'investor')!;
    expect(stage.reason.investor).toBe('Stage: they raise Seed; you invest Series A (one stage apart)');
    expect(stage.revealed).toMatchObject({ value: 1, stated: 0.5, deals: 9, differsFromStated: true });
    expect(stage.revealed!.text.investor).toBe('Track record: all 9 of your past deals at Seed');
    expect(stage.revealed!.text.startup).toBe('Track record: all 9 of their past deals at Seed');
    // The blended value lies between the two, nearer the stated one with 9 deals and k = 5 (w ≈ .6 at ~1.4 years).
    expect(stage.value!).toBeGreaterThan(0.5);
    expect(stage.value!).toBeLessThan(1);
    // Agreeing components are not marked.
    const sector = explanation.components.find((component) => component.key === 'sector' && component.side === 'investor')!;
    expect(sector.revealed).toMatchObject({ differsFromStated: false });
    expect(sector.revealed!.text.startup).toBe('Track record: all 9 of their past deals in FinTech');

    // The viewer's breakdown carries both lines, in the viewer's voice.
    const breakdown = toMatchBreakdown(explanation, 'startup');
    const stageLine = breakdown.components.find((component) => component.key === 'stage' && component.side === 'investor')!;
    expect(stageLine.reason).toBe('Stage: you raise Seed; they invest Series A (one stage apart)');
    expect(stageLine.revealed).toMatchObject({ text: 'Track record: all 9 of their past deals at Seed', differsFromStated: true });
  });

  it('names where most deals went when few are like this startup', () => {
    const explanation = engineWith(seedDeals(7)).explain(SERIES_A_STARTUP.id, INVESTOR.id)!;
    const stage = explanation.components.find((component) => component.key === 'stage' && component.side === 'investor')!;
    expect(stage.revealed!.text.investor).toBe('Track record: none of your 7 past deals at Series A; mostly Seed (7 of 7)');
    // The stated match is perfect, the revealed one weak: they disagree, and the stated line stays.
    expect(stage.reason.investor).toBe('Stage: they raise Series A; you invest Series A');
    expect(stage.revealed!.differsFromStated).toBe(true);
  });

  it('keeps the stage gate on the stated stages', () => {
    const preSeed: RawStartupProfile = { ...SEED_STARTUP, id: 3, stage: 'Pre-seed' };
    const growthInvestor: RawInvestorProfile = { ...INVESTOR, id: 11, stagePreference: ['Series C+'] };
    const engine = createMatchingEngine({ startups: [preSeed], investors: [growthInvestor] });
    engine.setTrackRecords([[growthInvestor.id, seedDeals(20).map((deal) => ({ ...deal, stage: 'Pre-seed' }))]], AS_OF);
    expect(engine.explain(preSeed.id, growthInvestor.id)).toMatchObject({ gated: true, score: 0 });
  });

  it('keeps the track record across a profile save', () => {
    const engine = engineWith(seedDeals(12));
    const before = scoreOf(engine, SEED_STARTUP.id);
    engine.upsertInvestor({ ...INVESTOR });
    expect(scoreOf(engine, SEED_STARTUP.id)).toBe(before);
  });
});
