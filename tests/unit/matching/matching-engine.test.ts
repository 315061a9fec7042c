// The engine's front door: raw rows in, ranked and explained suggestions out; profile saves and
// learned state change what comes out.
import { describe, expect, it } from 'vitest';
import { CONTINENTS } from '../../../src/server/features/matching/engine/gazetteer';
import { createUserState, priorModel, recordDecision, type GlobalModel, type UserLearningState } from '../../../src/server/features/matching/engine/learning';
import { createMatchingEngine, type MatchingEngine, type SuggestedMatch } from '../../../src/server/features/matching/engine/matching-engine';
import type { RawInvestorProfile, RawStartupProfile } from '../../../src/server/features/matching/engine/normalize';
import { COMPONENT_COUNT, COMPONENT_KEYS } from '../../../src/server/features/matching/engine/score-components';

const STARTUPS: RawStartupProfile[] = [
  {
    id: 1,
    location: 'London, UK',
    stage: 'Seed',
    industry: 'FinTech',
    fundingGoal: 1_000_000,
    description: 'Ledgerly automates bookkeeping and cash-flow forecasting for small businesses, with lending offers from partner banks.',
    businessModel: { model: 'B2B subscription', pricing: 'per seat' },
    financials: { arr: 420_000 },
    investorPreferences: { stages: ['Seed', 'Series A'], checkSizes: ['$1M - $3M'], industries: ['FinTech', 'SaaS'], location: 'Europe' },
  },
  {
    id: 2,
    location: 'Boston, MA',
    stage: 'Series A',
    industry: 'HealthTech',
    fundingGoal: 5_000_000,
    description: 'CarePath coordinates post-discharge care between hospitals and clinics with remote monitoring.',
    businessModel: { model: 'B2B SaaS' },
    financials: { arr: 2_600_000 },
    investorPreferences: { stages: ['Series A', 'Series B'], checkSizes: ['$5M - $10M'], industries: ['HealthTech'], location: 'United States' },
  },
  {
    id: 3,
    location: 'Lisbon, Portugal',
    stage: 'Pre-seed',
    industry: 'EdTech',
    fundingGoal: 100_000,
    description: 'Adaptive maths practice for teachers and pupils in secondary schools.',
    businessModel: { model: 'B2B2C freemium' },
  },
  {
    id: 4,
    location: 'Berlin, Germany',
    stage: 'Seed',
    industry: 'Blockchain',
    fundingGoal: 500_000,
    description: 'Stablecoin payments and wallets for merchants.',
  },
  {
    id: 5,
    location: 'Paris, France',
    stage: 'Seed',
    industry: 'SaaS',
    fundingGoal: 1_000_000,
    description: 'Accounting and invoicing software for small businesses, sold per seat.',
  },
  {
    id: 6,
    location: 'Manchester, UK',
    stage: 'Series A',
    industry: 'FinTech',
    fundingGoal: 3_000_000,
    description: 'Payments and lending infrastructure for small businesses.',
  },
  { id: 7 },
];

const INVESTORS: RawInvestorProfile[] = [
  {
    id: 101,
    location: 'London, UK',
    portfolioSize: 48,
    industryFocus: ['FinTech', 'SaaS'],
    stagePreference: ['Seed', 'Series A'],
    investmentRange: ['$500K - $1M', '$1M - $3M'],
    description: 'Northstar backs European fintech and B2B software companies from seed to Series A.',
    investmentThesis: 'We invest in software for small businesses: payments, lending and accounting, with recurring revenue.',
  },
  {
    id: 102,
    location: 'Boston, MA',
    portfolioSize: 31,
    industryFocus: ['HealthTech', 'AI/ML'],
    stagePreference: ['Series A', 'Series B'],
    investmentRange: ['$3M - $5M', '$5M - $10M'],
    investmentThesis: 'Care delivery, remote monitoring and clinical workflow software sold to hospitals.',
  },
  {
    id: 103,
    location: 'Lisbon, Portugal',
    portfolioSize: 65,
    industryFocus: ['EdTech', 'Consumer'],
    stagePreference: ['Pre-seed', 'Seed'],
    investmentRange: ['< $100K', '$100K - $500K'],
    investmentThesis: 'Pre-seed education and consumer products with strong engagement; we back teams before revenue.',
  },
  {
    id: 104,
    location: 'Berlin, Germany',
    portfolioSize: 12,
    industryFocus: ['FinTech', 'Blockchain'],
    stagePreference: ['Seed'],
    investmentRange: ['$500K - $1M'],
    investmentThesis: "Payments and banking infrastructure for merchants. We don't do crypto.",
  },
  {
    id: 105,
    location: 'Paris, France',
    portfolioSize: 80,
    industryFocus: ['FinTech', 'SaaS'],
    stagePreference: ['Growth'],
    investmentRange: ['$10M+'],
    investmentThesis: 'Growth capital for profitable software companies.',
  },
  {
    id: 106,
    location: 'Amsterdam, Netherlands',
    portfolioSize: 20,
    industryFocus: ['SaaS', 'FinTech'],
    stagePreference: ['Seed', 'Series A'],
    investmentRange: ['$1M - $3M'],
    investmentThesis: 'We invest globally in B2B software for small businesses: accounting, invoicing and payments.',
  },
];

const newEngine = () => createMatchingEngine({ startups: STARTUPS, investors: INVESTORS }, { seed: 3 });
const ids = (matches: SuggestedMatch[], side: 'startup' | 'investor') => matches.map((m) => (side === 'startup' ? m.startupId : m.investorId));

function expectWellFormedList(engine: MatchingEngine, matches: SuggestedMatch[], limit: number, floor: number): void {
  expect(matches.length).toBeLessThanOrEqual(limit);
  for (let k = 1; k < matches.length; k++) expect(matches[k - 1]!.score).toBeGreaterThanOrEqual(matches[k]!.score);
  for (const m of matches) {
    // The floor is on the unrounded score, so the shown (rounded) score is at least round(floor).
    expect(m.score).toBeGreaterThanOrEqual(Math.round(floor));
    expect(m.score).toBe(m.explanation.score);
    expect(m.explanation).toEqual(engine.explain(m.startupId, m.investorId));
    expect(m.isExploration).toBe(false);
  }
}

describe('createMatchingEngine', () => {
  it('loads the population and answers has / attributesOf / population', () => {
    const engine = newEngine();
    expect(engine.population).toBe(STARTUPS.length + INVESTORS.length);
    expect(engine.has('startup', 1)).toBe(true);
    expect(engine.has('investor', 101)).toBe(true);
    expect(engine.has('investor', 1)).toBe(false);
    expect(engine.has('startup', 101)).toBe(false);
    expect(engine.has('startup', 999)).toBe(false);
    expect(engine.attributesOf('startup', 1)).toEqual({ industry: [1], stage: [1], check: [3], continent: [CONTINENTS.indexOf('Europe')] });
    expect(engine.attributesOf('investor', 102)).toEqual({ industry: [2, 5], stage: [2, 3], check: [4, 5], continent: [CONTINENTS.indexOf('North America')] });
    // Unknowns are empty lists, never guesses.
    expect(engine.attributesOf('startup', 7)).toEqual({ industry: [], stage: [], check: [], continent: [] });
    expect(engine.attributesOf('startup', 999)).toBeNull();
    expect(engine.attributesOf('investor', 1)).toBeNull();
    expect(engine.explain(1, 999)).toBeNull();
  });

  it('ranks investors for a startup best first, above the default floor of 30, explained', () => {
    const engine = newEngine();
    const matches = engine.matchesForStartup(1);
    expectWellFormedList(engine, matches, 20, 30);
    expect(matches.every((m) => m.startupId === 1)).toBe(true);
    expect(ids(matches, 'investor')[0]).toBe(101);
    // 105 (Growth only) is 3+ stages away: gated, so never suggested.
    expect(engine.explain(1, 105)!.gated).toBe(true);
    expect(ids(matches, 'investor')).not.toContain(105);
    expect(engine.matchesForStartup(999)).toEqual([]);
  });

  it('drops pairs under the default floor of 30 (unrounded score), which floor: 0 keeps', () => {
    const engine = newEngine();
    // Unknown industry (so never blocked on it), one stage from investor 101, a $10M+ raise 101 cannot
    // write, far away, unrelated text, wanting Growth-stage hardware investors in Australia: a weak
    // pair, but not a gated one.
    engine.upsertStartup({
      id: 8,
      location: 'Sydney, Australia',
      stage: 'Series B',
      fundingGoal: 10_000_000,
      description: 'Drones for mine surveys.',
      investorPreferences: { stages: ['Growth'], checkSizes: ['$10M+'], industries: ['Hardware'], location: 'Australia' },
    });
    const weak = engine.explain(8, 101)!;
    expect(weak.gated).toBe(false);
    expect(weak.score).toBeGreaterThan(0);
    expect(weak.score).toBeLessThan(30);
    expect(ids(engine.matchesForInvestor(101, { floor: 0 }), 'startup')).toContain(8);
    expect(ids(engine.matchesForInvestor(101), 'startup')).not.toContain(8);
    expect(ids(engine.matchesForStartup(8, { floor: 0 }), 'investor')).toContain(101);
    expect(ids(engine.matchesForStartup(8), 'investor')).not.toContain(101);
  });

  it('ranks startups for an investor best first and never suggests an excluded (gated) one', () => {
    const engine = newEngine();
    const matches = engine.matchesForInvestor(104);
    expectWellFormedList(engine, matches, 20, 30);
    expect(matches.every((m) => m.investorId === 104)).toBe(true);
    // "We don't do crypto" gates the Blockchain startup.
    expect(engine.explain(4, 104)!.gated).toBe(true);
    expect(ids(matches, 'startup')).not.toContain(4);
    expect(engine.matchesForInvestor(999)).toEqual([]);
  });

  it('respects limit, floor and excludeIds', () => {
    const engine = newEngine();
    const all = engine.matchesForInvestor(101, { floor: 0 });
    expect(all.length).toBeGreaterThanOrEqual(4);
    expectWellFormedList(engine, all, 20, 0);

    const top2 = engine.matchesForInvestor(101, { floor: 0, limit: 2 });
    expect(top2).toEqual(all.slice(0, 2));
    expect(engine.matchesForInvestor(101, { limit: 0 })).toEqual([]);

    // A floor between the scores cuts the list there (floor on the unrounded score).
    const floor = (all[1]!.score + all[all.length - 1]!.score) / 2;
    const floored = engine.matchesForInvestor(101, { floor });
    expectWellFormedList(engine, floored, 20, floor);
    // Same order, so the floored list is a prefix of the full one: everything clearly above the
    // floor stays, everything clearly below goes (rounding blurs only ±0.5 around it).
    expect(floored).toEqual(all.slice(0, floored.length));
    expect(floored.length).toBeLessThan(all.length);
    for (const m of all) {
      if (m.score >= floor + 0.5) expect(ids(floored, 'startup')).toContain(m.startupId);
      if (m.score < floor - 0.5) expect(ids(floored, 'startup')).not.toContain(m.startupId);
    }

    const excluded = new Set([all[0]!.startupId, all[2]!.startupId]);
    const rest = engine.matchesForInvestor(101, { floor: 0, excludeIds: excluded });
    expect(ids(rest, 'startup')).toEqual(ids(all, 'startup').filter((id) => !excluded.has(id)));

    const forStartup = engine.matchesForStartup(1, { floor: 0 });
    const withoutBest = engine.matchesForStartup(1, { floor: 0, excludeIds: new Set([forStartup[0]!.investorId]) });
    expect(ids(withoutBest, 'investor')).toEqual(ids(forStartup, 'investor').slice(1));
  });

  it('ranks by congestion-adjusted value when given pending counts, without changing the shown score', () => {
    const engine = newEngine();
    const plain = engine.matchesForStartup(1, { floor: 0 });
    const [best, second] = plain;
    expect(best!.score).toBeGreaterThan(0);
    const congested = engine.matchesForStartup(1, { floor: 0, pendingByCounterpartId: new Map([[best!.investorId, 10_000]]), congestionCap: 10 });
    expect(congested[0]!.investorId).toBe(second!.investorId);
    expect(congested.find((m) => m.investorId === best!.investorId)?.score).toBe(best!.score);
  });

  it('upsertStartup: a stage change re-scores the startup against every investor', () => {
    const engine = newEngine();
    const before = engine.explain(1, 101)!;
    expect(before.gated).toBe(false);
    engine.upsertStartup({ ...STARTUPS[0]!, stage: 'Series B' });
    const seriesB = engine.explain(1, 101)!;
    expect(seriesB.score).toBeLessThan(before.score);
    expect(seriesB.components.find((c) => c.side === 'investor' && c.key === 'stage')!.value).toBe(0.5);
    // Three stages from Seed–Series A: gated, and gone from both lists.
    engine.upsertStartup({ ...STARTUPS[0]!, stage: 'Growth' });
    expect(engine.explain(1, 101)!.score).toBe(0);
    expect(ids(engine.matchesForStartup(1, { floor: 0 }), 'investor')).not.toContain(101);
    expect(ids(engine.matchesForInvestor(101, { floor: 0 }), 'startup')).not.toContain(1);
    // Growth is what investor 105 wants.
    expect(ids(engine.matchesForStartup(1, { floor: 0 }), 'investor')).toContain(105);
    // Back to Seed: the original score again (the text index is frozen, the rest is the same row).
    engine.upsertStartup(STARTUPS[0]!);
    expect(engine.explain(1, 101)).toEqual(before);
    expect(engine.population).toBe(STARTUPS.length + INVESTORS.length);
  });

  it('upsertStartup / upsertInvestor: new profiles join the population and the blocking index', () => {
    const engine = newEngine();
    // Build the blocking index first, so the upserts must invalidate it.
    expect(ids(engine.matchesForInvestor(101, { floor: 0 }), 'startup')).not.toContain(8);
    expect(ids(engine.matchesForStartup(3, { floor: 0 }), 'investor')).not.toContain(107);
    engine.upsertStartup({
      id: 8,
      location: 'London, UK',
      stage: 'Seed',
      industry: 'FinTech',
      fundingGoal: 1_000_000,
      description: 'Lending and payments for small businesses.',
    });
    expect(engine.has('startup', 8)).toBe(true);
    expect(engine.population).toBe(STARTUPS.length + INVESTORS.length + 1);
    expect(ids(engine.matchesForInvestor(101, { floor: 0 }), 'startup')).toContain(8);

    engine.upsertInvestor({ id: 107, location: 'Lisbon, Portugal', industryFocus: ['EdTech'], stagePreference: ['Pre-seed'], investmentRange: ['< $100K'] });
    expect(engine.has('investor', 107)).toBe(true);
    expect(ids(engine.matchesForStartup(3, { floor: 0 }), 'investor')).toContain(107);
  });

  it('upsertInvestor: a focus change re-scores the investor', () => {
    const engine = newEngine();
    const before = engine.explain(2, 101)!;
    expect(ids(engine.matchesForInvestor(101, { floor: 0 }), 'startup')).not.toContain(2);
    engine.upsertInvestor({ ...INVESTORS[0]!, industryFocus: ['HealthTech'], stagePreference: ['Series A'], investmentRange: ['$5M - $10M'] });
    const after = engine.explain(2, 101)!;
    expect(after.score).toBeGreaterThan(before.score);
    expect(ids(engine.matchesForInvestor(101, { floor: 0 }), 'startup')).toContain(2);
  });

  it('applyLearning changes the scores of that user only, and survives the user saving their profile', () => {
    const engine = newEngine();
    const pairs = [
      [1, 101],
      [5, 101],
      [1, 106],
      [6, 106],
    ] as const;
    const before = pairs.map(([s, i]) => engine.explain(s, i)!.score);

    // Investor 101 keeps accepting startups whose only strength is location, and rejecting the rest.
    const models: { investor: GlobalModel; startup: GlobalModel } = { investor: priorModel('investor'), startup: priorModel('startup') };
    const geoOnly = COMPONENT_KEYS.map((key) => (key === 'geo' ? 1 : 0.2));
    const rest = COMPONENT_KEYS.map((key) => (key === 'geo' ? 0 : 0.9));
    let state: UserLearningState = createUserState('investor');
    for (let n = 0; n < 30; n++) {
      state = recordDecision(state, models.investor, { components: geoOnly, accepted: true }, engine.attributesOf('startup', 5)!);
      state = recordDecision(state, models.investor, { components: rest, accepted: false }, engine.attributesOf('startup', 2)!);
    }
    engine.applyLearning({ models, states: [{ id: 101, state }] });
    const after = pairs.map(([s, i]) => engine.explain(s, i)!.score);
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    // Other investors' pairs are untouched.
    expect(after.slice(2)).toEqual(before.slice(2));
    // The learned weights now favour geo for 101.
    const geoWeight = engine.explain(1, 101)!.components.find((c) => c.side === 'investor' && c.key === 'geo')!.weight;
    expect(geoWeight).toBeGreaterThan(0.05);

    // A profile save keeps the learned adjustments.
    engine.upsertInvestor({ ...INVESTORS[0]!, portfolioSize: 49 });
    expect(engine.explain(1, 101)!.components.find((c) => c.side === 'investor' && c.key === 'geo')!.weight).toBe(geoWeight);

    // Unknown ids are ignored.
    expect(() => engine.applyLearning({ models, states: [{ id: 999, state }] })).not.toThrow();
  });

  it('applyLearning on the startup side changes that startup’s view', () => {
    const engine = newEngine();
    const before = engine.explain(1, 101)!;
    const models = { investor: priorModel('investor'), startup: priorModel('startup') };
    let state = createUserState('startup');
    const components = new Array<number>(COMPONENT_COUNT).fill(0.1);
    for (let n = 0; n < 20; n++) state = recordDecision(state, models.startup, { components, accepted: false }, engine.attributesOf('investor', 101)!);
    engine.applyLearning({ models, states: [{ id: 1, state }] });
    const after = engine.explain(1, 101)!;
    expect(after.startupFit).not.toBe(before.startupFit);
    expect(after.investorFit).toBe(before.investorFit);
    // Rejecting investors like 101 lowers the startup's implicit preference for them.
    expect(after.startupFit).toBeLessThan(before.startupFit);
  });

  it('fills exploration slots when asked (the fifth of ten with two slots), marked as such', () => {
    const engine = newEngine();
    const plain = engine.matchesForInvestor(106, { floor: 0, limit: 5 });
    const wider = engine.matchesForInvestor(106, { floor: 0, limit: 10 });
    expect(plain).toHaveLength(5);
    expect(wider.length).toBeGreaterThan(5);
    // One slot per ten reserves position 10 only: a list of 5 is unchanged.
    expect(engine.matchesForInvestor(106, { floor: 0, limit: 5, explorationSlotsPerTen: 1 })).toEqual(plain);
    // Two slots reserve position 5 too: it goes to a candidate from beyond the top 5.
    const explored = engine.matchesForInvestor(106, { floor: 0, limit: 5, explorationSlotsPerTen: 2 });
    expect(explored.map((m) => m.isExploration)).toEqual([false, false, false, false, true]);
    expect(explored.slice(0, 4)).toEqual(plain.slice(0, 4));
    expect(ids(wider.slice(5), 'startup')).toContain(explored[4]!.startupId);
    expect(new Set(ids(explored, 'startup')).size).toBe(5);
  });

  it('is deterministic for the same rows and seed', () => {
    expect(newEngine().matchesForStartup(1, { floor: 0 })).toEqual(newEngine().matchesForStartup(1, { floor: 0 }));
    expect(newEngine().matchesForInvestor(106, { floor: 0 })).toEqual(newEngine().matchesForInvestor(106, { floor: 0 }));
  });

  describe('explanations on the match card', () => {
    it('phrase the top reasons in each viewer’s voice', () => {
      const e = newEngine().explain(1, 101)!;
      expect(e.topReasons.startup).toContain('Stage: you raise Seed; they invest Seed–Series A');
      expect(e.topReasons.investor).toContain('Stage: they raise Seed; you invest Seed–Series A');
    });

    it('name a weak text overlap as the biggest shortfall of startup 1 × investor 101 (precondition of the next test)', () => {
      const e = newEngine().explain(1, 101)!;
      const text = e.components.find((c) => c.side === 'investor' && c.key === 'text')!;
      expect(text.value).toBeGreaterThan(0);
      expect(text.value).toBeLessThan(0.5);
      expect(e.biggestShortfall.startup).toBe(text.reason.startup);
    });

    // Regression (score.ts componentReason 'text'): a weak overlap (text = 0.337 here) was worded
    // "Shared themes: …" and showed as the card's biggest shortfall, reading like praise. A weak
    // overlap is now worded "Themes: little in common beyond …".
    it('never phrase the biggest shortfall as praise ("Shared themes: …")', () => {
      const e = newEngine().explain(1, 101)!;
      expect(e.biggestShortfall.startup).not.toMatch(/^Shared themes:/);
    });

    // A global investor who accepted ten Singapore startups and rejected ten Paris ones, then sees
    // a London startup. RECON lowers the investor-side geo for Europe below .5 (0.389) while the
    // startup side keeps the global floor (.7), and both sides use the same reason text.
    function learnedGlobalInvestor() {
      const engine = createMatchingEngine({
        startups: [
          { id: 1, location: 'London, UK', stage: 'Seed' },
          { id: 2, location: 'Paris, France', stage: 'Seed' },
          { id: 3, location: 'Singapore', stage: 'Seed' },
        ],
        investors: [{ id: 100, stagePreference: ['Seed'], investmentThesis: 'We invest globally.' }],
      });
      const models = { investor: priorModel('investor'), startup: priorModel('startup') };
      const components = COMPONENT_KEYS.map((key) => (key === 'stage' ? 1 : key === 'geo' ? 0.7 : null));
      let state = createUserState('investor');
      for (let n = 0; n < 10; n++) {
        state = recordDecision(state, models.investor, { components, accepted: true }, engine.attributesOf('startup', 3)!);
        state = recordDecision(state, models.investor, { components, accepted: false }, engine.attributesOf('startup', 2)!);
      }
      engine.applyLearning({ models, states: [{ id: 100, state }] });
      return engine.explain(1, 100)!;
    }

    it('learned geo: the investor side turns weak while the startup side stays strong (precondition of the next test)', () => {
      const e = learnedGlobalInvestor();
      const geo = (side: 'investor' | 'startup') => e.components.find((c) => c.side === side && c.key === 'geo')!;
      expect(geo('investor').value).toBeLessThan(0.5);
      expect(geo('startup').value).toBe(0.7);
      expect(e.topReasons.startup).toContain(geo('startup').reason.startup);
      // Both sides word the factor alike, which is what made the repeat possible.
      expect(geo('investor').reason.startup).toBe(geo('startup').reason.startup);
    });

    // BUG (engine, score.ts scorePair + geoReason): the biggest shortfall "never repeats a top
    // reason" (score.ts comment), but here the card shows "Location: they invest globally" both as
    // a top reason (startup-side geo .7) and as the biggest shortfall (investor-side geo .389, which
    // geoReason still words "they invest globally" because the value is ≤ the .7 floor). Only
    // reachable with learned RECON tables (the two sides' geo values differ only then). Expected:
    // a shortfall distinct from every top reason. Fixed: score.ts skips reasons already shown.
    it('never repeat a top reason as the biggest shortfall (learned geo preference)', () => {
      const e = learnedGlobalInvestor();
      expect(e.topReasons.startup).not.toContain(e.biggestShortfall.startup);
    });
  });
});
