// The completeness formula and the dashboard checklist rule (docs/profiles.md).
import { describe, expect, it } from 'vitest';
import { investorChecklist, investorCompleteness, startupChecklist, startupCompleteness } from '../../src/shared/profile-completeness';
import { bucketLabel, FUNDING_GOAL_OPTIONS, TEAM_SIZE_OPTIONS } from '../../src/shared/enums';

describe('profile completeness', () => {
  it('is 0 for nothing and 100 for everything, for both roles', () => {
    expect(startupCompleteness({})).toBe(0);
    expect(investorCompleteness({})).toBe(0);
    expect(
      startupCompleteness({
        companyName: 'A',
        location: 'B',
        website: 'https://a.example',
        foundingDate: '2020-01-01',
        stage: 'Seed',
        industry: 'SaaS',
        description: 'D',
        teamSize: 1,
        fundingGoal: 0,
        team: [{}],
        investorPreferences: { stages: ['Seed'] },
      }),
    ).toBe(100);
    expect(
      investorCompleteness({
        firmName: 'A',
        location: 'B',
        website: 'https://a.example',
        foundingDate: '2020-01-01',
        description: 'D',
        investmentThesis: 'T',
        portfolioSize: 0,
        industryFocus: ['SaaS'],
        stagePreference: ['Seed'],
        investmentRange: ['$10M+'],
      }),
    ).toBe(100);
  });

  it('counts a zero funding goal ("< $100K") as filled, and blank text as empty', () => {
    expect(startupCompleteness({ fundingGoal: 0 })).toBe(10);
    expect(startupCompleteness({ companyName: '   ' })).toBe(0);
  });

  it('ticks the preferences item only from 80%', () => {
    const last = (profileCompleteness: number) => startupChecklist({ profileCompleteness }).at(-1)!;
    expect(last(79)).toMatchObject({ label: 'Investor Preferences', isDone: false });
    expect(last(80).isDone).toBe(true);
    expect(investorChecklist({ profileCompleteness: 80 }).at(-1)).toMatchObject({ label: 'Startup Preferences', isDone: true });
    expect(investorChecklist(null).every((item) => !item.isDone)).toBe(true);
  });
});

describe('bucketLabel', () => {
  it('maps stored integers back to the spec labels', () => {
    expect(bucketLabel(TEAM_SIZE_OPTIONS, 1)).toBe('1-5');
    expect(bucketLabel(TEAM_SIZE_OPTIONS, 30)).toBe('26-50');
    expect(bucketLabel(TEAM_SIZE_OPTIONS, 251)).toBe('251+');
    expect(bucketLabel(FUNDING_GOAL_OPTIONS, 0)).toBe('< $100K');
    expect(bucketLabel(FUNDING_GOAL_OPTIONS, 2_500_000)).toBe('$1M - $3M');
    expect(bucketLabel(FUNDING_GOAL_OPTIONS, null)).toBeNull();
  });
});
