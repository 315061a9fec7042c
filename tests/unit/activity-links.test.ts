// Each activity entry links to the thing it is about (issue #15): the server sends what the entry
// is about, and the client turns it into a path for the viewer's role.
import { describe, expect, it } from 'vitest';
import { activityHref } from '../../src/client/features/activity/components/activity-list';
import type { ActivityTarget } from '../../src/shared/contracts/activity';

describe('activityHref', () => {
  it('opens documents where each role keeps them', () => {
    expect(activityHref({ kind: 'document', documentId: 4 }, 'startup')).toBe('/startup/data-room');
    expect(activityHref({ kind: 'document', documentId: 4 }, 'investor')).toBe('/investor/documents');
  });

  it('opens a match on the tab it was on, and the plan with the partner who changed it', () => {
    expect(activityHref({ kind: 'match', matchId: 9, tab: 'pending' }, 'investor')).toBe('/investor/startups?tab=pending');
    expect(activityHref({ kind: 'match', matchId: 9, tab: 'accepted' }, 'startup')).toBe('/startup/investor-matches?tab=accepted');
    expect(activityHref({ kind: 'match', matchId: 9, tab: null }, 'startup')).toBe('/startup/investor-matches');
    expect(activityHref({ kind: 'milestones', partnerId: 12 }, 'investor')).toBe('/investor/milestones?partner=12');
    expect(activityHref({ kind: 'milestones', partnerId: null }, 'startup')).toBe('/startup/milestones');
  });

  it('opens the profile editor, the match list, messages and a public profile', () => {
    expect(activityHref({ kind: 'own_profile' }, 'investor')).toBe('/investor/profile');
    expect(activityHref({ kind: 'matches' }, 'investor')).toBe('/investor/startups');
    expect(activityHref({ kind: 'messages' }, 'startup')).toBe('/messages');
    expect(activityHref({ kind: 'public_profile', userType: 'investor', userId: 3 }, 'startup')).toBe('/investor/3');
  });

  it('leaves an entry unlinked when there is nothing to open, or the kind is unknown to this client', () => {
    expect(activityHref(null, 'startup')).toBeNull();
    expect(activityHref({ kind: 'portfolio' } as unknown as ActivityTarget, 'investor')).toBeNull();
  });
});
