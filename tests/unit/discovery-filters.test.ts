// The directory's address bar and cards (src/client/features/discovery/directory-filters.ts): a
// link's filters read back as written, values the server would refuse are dropped rather than
// failing the page, the query the API receives, and what Connect offers in each match state.
import { describe, expect, it } from 'vitest';
import { DiscoverQuery, type DirectoryCard, type DiscoverFilters } from '../../src/shared/contracts/discovery';
import { connectStateOf, filtersFromSearch, hasFilters, searchFromFilters, toQuery } from '../../src/client/features/discovery/directory-filters';

describe('filters in the address bar', () => {
  it('round-trips every filter and the order (lists in the spec’s order)', () => {
    const filters: DiscoverFilters = {
      industry: ['SaaS', 'FinTech'],
      stage: ['Seed'],
      country: ['GB', 'US'],
      region: ['europe'],
      minAmount: 500_000,
      maxAmount: 3_000_000,
      verified: true,
      active: true,
      q: 'payroll',
    };
    const search = searchFromFilters(filters, 'newest');
    expect(Object.fromEntries(search)).toEqual({
      industry: 'SaaS,FinTech',
      stage: 'Seed',
      country: 'GB,US',
      region: 'europe',
      minAmount: '500000',
      maxAmount: '3000000',
      verified: 'true',
      active: 'true',
      q: 'payroll',
      sort: 'newest',
    });
    expect(filtersFromSearch(search)).toEqual({ filters, sort: 'newest' });
  });

  it('drops what the server would refuse, keeps the rest, and defaults to the best match', () => {
    const read = filtersFromSearch(new URLSearchParams('industry=Fintech,SaaS&country=gb,XX&region=mars&minAmount=-5&maxAmount=10&verified=yes&sort=popular'));
    expect(read).toEqual({ filters: { industry: ['SaaS'], country: ['GB'], maxAmount: 10 }, sort: 'best' });
    expect(filtersFromSearch(new URLSearchParams('minAmount=500&maxAmount=100')).filters).toEqual({ minAmount: 500 });
    expect(hasFilters(filtersFromSearch(new URLSearchParams('')).filters)).toBe(false);
    expect(searchFromFilters({}, 'best').toString()).toBe('');
  });

  it('sends the API a query its contract accepts', () => {
    const query = toQuery({ industry: ['FinTech', 'AI/ML'], country: ['GB'], verified: true, q: 'ai' });
    expect(query).toEqual({ industry: 'FinTech,AI/ML', country: 'GB', verified: true, q: 'ai' });
    expect(DiscoverQuery.parse(query)).toEqual({ industry: ['FinTech', 'AI/ML'], country: ['GB'], verified: true, q: 'ai' });
  });
});

describe('what Connect offers', () => {
  const card = (match: DirectoryCard['match']) => ({ match }) as DirectoryCard;
  const match = (fields: Partial<NonNullable<DirectoryCard['match']>>) => ({
    id: 1,
    status: 'pending' as const,
    myDecision: 'pending' as const,
    theirDecision: 'pending' as const,
    requestQueued: false,
    ...fields,
  });
  it.each([
    ['no match', null, 'connect'],
    ['a suggestion nobody answered', match({}), 'connect'],
    ['their request', match({ theirDecision: 'accepted' }), 'accept'],
    ['my request', match({ myDecision: 'accepted' }), 'sent'],
    ['my request, queued', match({ myDecision: 'accepted', requestQueued: true }), 'queued'],
    ['connected', match({ status: 'accepted', myDecision: 'accepted', theirDecision: 'accepted' }), 'connected'],
    ['declined by them', match({ status: 'rejected', theirDecision: 'rejected' }), 'declined'],
    ['declined by me (Connect reconsiders)', match({ status: 'rejected', myDecision: 'rejected' }), 'connect'],
  ] as const)('%s → %s', (_name, state, kind) => {
    expect(connectStateOf(card(state).match, 'investor', 7).kind).toBe(kind);
  });

  it('links Message to the viewer’s own conversation screen', () => {
    const connected = card(match({ status: 'accepted', myDecision: 'accepted', theirDecision: 'accepted' }));
    expect(connectStateOf(connected.match, 'startup', 7)).toEqual({ kind: 'connected', messageHref: '/startup/communications?partner=7' });
    expect(connectStateOf(connected.match, 'investor', 7)).toEqual({ kind: 'connected', messageHref: '/messages?partner=7' });
  });
});
