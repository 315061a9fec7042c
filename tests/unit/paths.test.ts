// The client's route paths (src/client/app/paths.ts): the link builders produce what the router's
// patterns match, and the query strings the screens read.
import { describe, expect, it } from 'vitest';
import { ROUTES, paths } from '../../src/client/app/paths';

describe('client paths', () => {
  it('builds public profile links the router matches', () => {
    expect(paths.publicStartup(12)).toBe('/startup/12');
    expect(paths.publicInvestor(34)).toBe('/investor/34');
    expect(ROUTES.startupPublicProfile.exec(paths.publicStartup(12))?.groups?.id).toBe('12');
    expect(ROUTES.investorPublicProfile.exec(paths.publicInvestor(34))?.groups?.id).toBe('34');
    expect(paths.publicProfile('investor', 5)).toBe(paths.publicInvestor(5));
    expect(paths.publicProfile('startup', 5)).toBe(paths.publicStartup(5));
  });

  it('never reads a named screen as a profile id', () => {
    for (const path of [ROUTES.startupDashboard, ROUTES.investorStartups, ROUTES.startupDataRoom]) {
      expect(ROUTES.startupPublicProfile.test(path) || ROUTES.investorPublicProfile.test(path)).toBe(false);
    }
  });

  it('sends each role to its own screens', () => {
    expect(paths.dashboard('startup')).toBe(ROUTES.startupDashboard);
    expect(paths.dashboard('investor')).toBe(ROUTES.investorDashboard);
    expect(paths.matches('startup')).toBe(ROUTES.startupInvestorMatches);
    expect(paths.matches('investor')).toBe(ROUTES.investorStartups);
    expect(paths.profile('investor')).toBe(ROUTES.investorProfile);
    expect(paths.milestones('startup')).toBe(ROUTES.startupMilestones);
  });

  it('adds only the query parameters that are given', () => {
    expect(paths.messages()).toBe('/messages');
    expect(paths.messages({ partner: 7 })).toBe('/messages?partner=7');
    expect(paths.communications({ partner: 8 })).toBe('/startup/communications?partner=8');
    expect(paths.milestones('investor', { partner: 9 })).toBe('/investor/milestones?partner=9');
    expect(paths.portfolio({ add: 10 })).toBe('/investor/portfolio?add=10');
    expect(paths.profile('investor', { tab: 'criteria' })).toBe('/investor/profile?tab=criteria');
    expect(paths.profile('startup', { tab: undefined })).toBe('/startup/profile');
  });
});
