// The match screens' rules without a browser (docs/matching.md §9 settings, §4 fits): where a
// match stands, which fit is whose, and where the card's links go. Search, the score threshold,
// the industry filter, the tabs' counts and the order are the server's (issue #16): see
// tests/api for them and tests/unit/match-pages.test.ts for the pages.
import { describe, expect, it } from 'vitest';
import type { InvestorSideMatch, MatchBreakdown, StartupSideMatch } from '../../src/shared/contracts/matches';
import { describeDecision } from '../../src/client/features/matching/api';
import {
  DEFAULT_FILTERS,
  INDUSTRY_FILTER_OPTIONS,
  canAnswer,
  canReconsider,
  componentsFor,
  connectionEndedLine,
  fitsFor,
  fromInvestorSide,
  fromStartupSide,
  hasActiveFilters,
  standingLine,
} from '../../src/client/features/matching/match-view';

const breakdown: MatchBreakdown = {
  investorFit: 0.82,
  startupFit: 0.741,
  components: [
    { key: 'sector', side: 'investor', value: 1, weight: 0.25, contribution: 25, reason: 'Sector: FinTech is in their focus' },
    { key: 'check', side: 'startup', value: 0.7, weight: 0.25, contribution: 17.5, reason: 'Check size: they write $500K–$1M' },
  ],
  topReasons: ['Sector: FinTech is in their focus'],
  biggestShortfall: null,
  unknowns: [],
  gated: false,
  gateReason: null,
};

const base = {
  breakdown,
  decidedBy: null,
  theirDeclineReason: null,
  connectionEndedAt: null,
  connectionEndedBy: null,
  requestQueued: false,
  requestExpiresAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** Both answers that give a status: accepted is both, a decline is the viewer's own unless a test says otherwise. */
const decisionsFor = (status: StartupSideMatch['status']) =>
  status === 'accepted'
    ? { myDecision: 'accepted' as const, theirDecision: 'accepted' as const }
    : status === 'rejected'
      ? { myDecision: 'rejected' as const, theirDecision: 'pending' as const }
      : { myDecision: 'pending' as const, theirDecision: 'pending' as const };

function startupSide(id: number, firmName: string, location: string | null, score: number, status: StartupSideMatch['status']): StartupSideMatch {
  return {
    ...base,
    id,
    startupId: 1,
    investorId: 100 + id,
    score,
    status,
    ...decisionsFor(status),
    investor: {
      id: 100 + id,
      firmName,
      emailVerified: true,
      logo: null,
      location,
      portfolioSize: 1,
      stagePreference: ['Seed'],
      investmentRange: ['$1M - $3M'],
      industryFocus: ['SaaS', 'AI/ML'],
      website: null,
      foundingDate: null,
      description: 'A fund.',
      investmentThesis: null,
    },
  };
}

function investorSide(id: number, companyName: string, location: string | null, industry: string | null, score: number): InvestorSideMatch {
  return {
    ...base,
    id,
    startupId: 200 + id,
    investorId: 9,
    score,
    status: 'pending',
    ...decisionsFor('pending'),
    startup: {
      id: 200 + id,
      companyName,
      emailVerified: false,
      logo: null,
      location,
      industry,
      stage: 'Seed',
      fundingGoal: 1_000_000,
      teamSize: 6,
      website: null,
      foundingDate: null,
      description: null,
      team: [],
      traction: { arr: null, monthlyGrowthPercent: null, customers: null },
      raisingNow: true,
    },
  };
}

describe('the startup side', () => {
  const views = [
    startupSide(1, 'Northwind Ventures', 'London, UK', 91, 'pending'),
    startupSide(2, 'Fjord Capital', 'Oslo, Norway', 64, 'accepted'),
    startupSide(3, 'Harbor Seed', null, 40, 'rejected'),
  ].map(fromStartupSide);

  it('links to the investor profile and the startup communications screen', () => {
    expect(views[0]!.counterpart.profileHref).toBe('/investor/101');
    expect(views[0]!.counterpart.messageHref).toBe('/startup/communications?partner=101');
    expect(views[0]!.counterpart.addToPortfolioHref).toBeNull();
  });

  it('reads "their fit for you" from the startup’s own side', () => {
    expect(fitsFor('startup', breakdown)).toEqual({ theirFitForYou: 74, yourFitForThem: 82 });
    expect(componentsFor('startup', breakdown).theirFitForYou.map((c) => c.key)).toEqual(['check']);
  });
});

describe('the investor side', () => {
  const views = [
    investorSide(1, 'Ledgerly', 'Berlin, Germany', 'FinTech', 80),
    investorSide(2, 'CarePath', 'Lisbon, Portugal', 'HealthTech', 70),
    investorSide(3, 'Gridwise', null, null, 60),
  ].map(fromInvestorSide);

  it('offers the first 8 industries in the industry filter', () => {
    expect(INDUSTRY_FILTER_OPTIONS).toEqual(['SaaS', 'FinTech', 'HealthTech', 'EdTech', 'E-commerce', 'AI/ML', 'Blockchain', 'CleanTech']);
  });

  it('shows the funding goal and team size as the spec’s buckets, and links to the startup', () => {
    expect(views[0]!.counterpart.facts).toEqual([
      { label: 'Stage', value: 'Seed' },
      { label: 'Raising', value: '$1M - $3M' },
      { label: 'Team', value: '6-10' },
    ]);
    expect(views[0]!.counterpart.profileHref).toBe('/startup/201');
    expect(views[0]!.counterpart.messageHref).toBe('/messages?partner=201');
    expect(views[0]!.counterpart.addToPortfolioHref).toBe('/investor/portfolio?add=201');
  });

  it('reads "their fit for you" from the investor’s own side', () => {
    expect(fitsFor('investor', breakdown)).toEqual({ theirFitForYou: 82, yourFitForThem: 74 });
  });

  it('knows when any setting narrows the list (a blank search does not)', () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, search: '   ' })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, search: 'a' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, minScore: 65 })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, industry: 'HealthTech' })).toBe(true);
  });
});

describe('a declined match', () => {
  it('offers Reconsider only to the side that declined', () => {
    const declinedByInvestor = {
      ...startupSide(9, 'Gate Fund', 'Oslo', 60, 'rejected'),
      decidedBy: 'investor' as const,
      myDecision: 'pending' as const,
      theirDecision: 'rejected' as const,
    };
    const declinedByStartup = { ...startupSide(10, 'Own Fund', 'Oslo', 60, 'rejected'), decidedBy: 'startup' as const };
    expect(fromStartupSide(declinedByInvestor).isDeclinedByThem).toBe(true);
    expect(fromStartupSide(declinedByStartup).isDeclinedByThem).toBe(false);
    expect(fromStartupSide({ ...declinedByInvestor, status: 'accepted', myDecision: 'accepted', theirDecision: 'accepted' }).isDeclinedByThem).toBe(false);
  });
});

describe('where a match stands under mutual consent (docs/connections.md)', () => {
  type Decisions = Pick<StartupSideMatch, 'status' | 'myDecision' | 'theirDecision'> & Partial<Pick<StartupSideMatch, 'theirDeclineReason' | 'decidedBy'>>;
  const view = (id: number, score: number, decisions: Decisions) =>
    fromStartupSide({ ...startupSide(id, `Fund ${id}`, null, score, decisions.status), ...decisions });
  const open = { status: 'pending', myDecision: 'pending', theirDecision: 'pending' } as const;
  const requested = { status: 'pending', myDecision: 'pending', theirDecision: 'accepted' } as const;
  const waiting = { status: 'pending', myDecision: 'accepted', theirDecision: 'pending' } as const;
  const connected = { status: 'accepted', myDecision: 'accepted', theirDecision: 'accepted' } as const;

  it('says "Wants to connect with you" when only the other side accepted, and offers Accept and Decline', () => {
    const match = view(1, 70, requested);
    expect(match.standing).toBe('requested');
    expect(standingLine(match)).toBe('Wants to connect with you');
    expect(canAnswer(match)).toBe(true);
    expect(canReconsider(match)).toBe(false);
  });

  it('says "Waiting for {name}" after the viewer accepted, with nothing left to answer', () => {
    const match = view(2, 70, waiting);
    expect(match.standing).toBe('waiting');
    expect(standingLine(match)).toBe('Waiting for Fund 2');
    expect(canAnswer(match)).toBe(false);
    expect(canReconsider(match)).toBe(false);
  });

  it('has no line while nobody has answered, or once connected', () => {
    expect(standingLine(view(3, 70, open))).toBeNull();
    expect(canAnswer(view(3, 70, open))).toBe(true);
    const match = view(4, 70, connected);
    expect(match.standing).toBe('connected');
    expect(standingLine(match)).toBeNull();
    expect(canAnswer(match)).toBe(false);
  });

  it('says "Declined by {name}" with their reason only when they shared it, and offers nothing to answer', () => {
    const unshared = view(5, 70, { status: 'rejected', myDecision: 'pending', theirDecision: 'rejected', decidedBy: 'investor' });
    expect(standingLine(unshared)).toBe('Declined by Fund 5');
    expect(unshared.theirDeclineReason).toBeNull();
    expect(canAnswer(unshared)).toBe(false);
    expect(canReconsider(unshared)).toBe(false);
    const shared = view(6, 70, {
      status: 'rejected',
      myDecision: 'accepted',
      theirDecision: 'rejected',
      decidedBy: 'investor',
      theirDeclineReason: 'check_size',
    });
    expect(standingLine(shared)).toBe('Declined by Fund 6');
    expect(shared.theirDeclineReason).toBe('Check size');
  });

  it('offers Reconsider only after the viewer’s own decline, even when both declined', () => {
    const mine = view(7, 70, { status: 'rejected', myDecision: 'rejected', theirDecision: 'accepted', decidedBy: 'startup' });
    expect(mine.standing).toBe('declined');
    expect(standingLine(mine)).toBeNull();
    expect(canReconsider(mine)).toBe(true);
    const both = view(8, 70, { status: 'rejected', myDecision: 'rejected', theirDecision: 'rejected', decidedBy: 'startup' });
    expect(canReconsider(both)).toBe(true);
    expect(standingLine(both)).toBe('Declined by Fund 8');
  });

  it('toasts an accept as connected only when the other side had accepted too', () => {
    const accept = { name: 'Fund 1', from: 'pending' as const, body: { status: 'accepted' as const } };
    expect(describeDecision(accept, 'pending')).toEqual({
      title: 'Match accepted',
      description: 'Waiting for Fund 1 to accept. You can message them once they do.',
    });
    expect(describeDecision(accept, 'accepted')).toEqual({ title: 'Match accepted', description: 'You are connected with Fund 1. You can now message them.' });
    expect(describeDecision({ ...accept, from: 'rejected' }, 'accepted').title).toBe('Match reconsidered');
    expect(describeDecision({ ...accept, from: 'rejected' }, 'rejected').description).toBe('You accepted Fund 1, but they have declined this match.');
    expect(describeDecision({ ...accept, body: { status: 'rejected' } }, 'rejected').title).toBe('Match declined');
  });
});

describe('a connection that was ended (docs/connections.md, "Leaving and blocking")', () => {
  const ended = (connectionEndedBy: 'startup' | 'investor', status: StartupSideMatch['status'] = 'pending') =>
    fromStartupSide({ ...startupSide(1, 'Fund 1', null, 70, status), connectionEndedAt: '2026-02-01T00:00:00.000Z', connectionEndedBy });

  it('tells the other side "{name} ended the connection", and the one who ended it that they did', () => {
    expect(connectionEndedLine(ended('investor'))).toBe('Fund 1 ended the connection');
    expect(connectionEndedLine(ended('startup'))).toBe('You ended the connection');
  });

  it('says nothing once they are connected again, or when it never ended', () => {
    expect(connectionEndedLine(ended('investor', 'accepted'))).toBeNull();
    expect(connectionEndedLine(fromStartupSide(startupSide(2, 'Fund 2', null, 70, 'pending')))).toBeNull();
  });
});
