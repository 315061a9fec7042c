// The pages behind "View Profile" (/startup/{id}, /investor/{id}): the counterpart's card (for a
// startup also its team, traction and round, issue #19), and the not-found and wrong-role states.
import { expect, test, type Locator } from '@playwright/test';
import { INVESTOR_PROFILE, STARTUP_PROFILE, hasHorizontalScroll, registerCounterpart, registerViaApi, seriousViolations } from './helpers';

/** The value (<dd>) next to a label (<dt>) in a profile section. */
const factValue = (section: Locator, label: string) =>
  section
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test.describe('public profiles', () => {
  test("an investor opens a startup's profile; the view lands in the investor's activity", async ({ page, browser }) => {
    const startup = await registerCounterpart(browser, 'startup', {
      team: [
        { name: 'Mira Okafor', role: 'CEO & Co-founder', link: 'https://example.com/mira' },
        { name: 'Jonas Weber', role: 'CTO', link: '' },
      ],
      traction: { arr: 1_250_000, monthlyGrowthPercent: 12.5, customers: 48 },
      raisingNow: true,
    });

    await registerViaApi(page, 'investor');
    await page.goto(`/startup/${startup.id}`);
    await expect(page.getByRole('heading', { level: 1, name: STARTUP_PROFILE.companyName })).toBeVisible();
    await expect(page).toHaveTitle(`${STARTUP_PROFILE.companyName} · VentureMatch`);
    const main = page.getByRole('main');
    await expect(main.getByText('Berlin, Germany')).toBeVisible();
    await expect(main.getByText(STARTUP_PROFILE.description)).toBeVisible();
    // Stored bucket values read as the spec's labels.
    await expect(main.getByText('$1M - $3M')).toBeVisible();
    await expect(main.getByText('11-25')).toBeVisible();
    await expect(main.getByText('FinTech').first()).toBeVisible();
    await expect(main.getByText('Series A').first()).toBeVisible();
    const website = main.getByRole('link', { name: /nimbus\.example\.com/ });
    await expect(website).toHaveAttribute('href', 'https://nimbus.example.com/');
    await expect(website).toHaveAttribute('target', '_blank');
    await expect(website).toHaveAttribute('rel', 'noopener noreferrer');

    // What an investor decides on: who builds it, how it is doing, and the round.
    const team = main.getByRole('region', { name: 'Team' }).getByRole('listitem');
    await expect(team).toHaveCount(2);
    await expect(team.first()).toContainText('Mira Okafor');
    await expect(team.first()).toContainText('CEO & Co-founder');
    await expect(team.first().getByRole('link', { name: /example\.com/ })).toHaveAttribute('href', 'https://example.com/mira');
    await expect(team.nth(1)).toContainText('Jonas Weber');
    await expect(team.nth(1)).toContainText('CTO');
    const traction = main.getByRole('region', { name: 'Traction' });
    await expect(factValue(traction, 'ARR')).toHaveText('$1,250,000');
    await expect(factValue(traction, 'Monthly Growth')).toHaveText('+12.5% a month');
    await expect(factValue(traction, 'Customers')).toHaveText('48');
    const round = main.getByRole('region', { name: 'The round' });
    await expect(factValue(round, 'Stage')).toHaveText('Series A');
    await expect(factValue(round, 'Target')).toHaveText('$1M - $3M');
    await expect(factValue(round, 'Status')).toHaveText('Raising now');
    expect(await seriousViolations(page)).toEqual([]);

    await main.getByRole('link', { name: 'Back to startups' }).click();
    await expect(page).toHaveURL('/investor/startups');

    await page.goto('/activity');
    await expect(page.getByText(`Viewed ${STARTUP_PROFILE.companyName}'s profile`)).toBeVisible();
  });

  test('a startup that shared nothing more says so, and that it is not raising', async ({ page, browser }) => {
    const startup = await registerCounterpart(browser, 'startup', { raisingNow: false });

    await registerViaApi(page, 'investor');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/startup/${startup.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('region', { name: 'Team' })).toContainText('No team members listed yet.');
    await expect(main.getByRole('region', { name: 'Traction' })).toContainText('No traction figures shared yet.');
    await expect(factValue(main.getByRole('region', { name: 'The round' }), 'Status')).toHaveText('Not raising at the moment');
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test("a startup opens an investor's profile with criteria and thesis", async ({ page, browser }) => {
    const investor = await registerCounterpart(browser, 'investor');

    await registerViaApi(page, 'startup');
    await page.goto(`/investor/${investor.id}`);
    await expect(page.getByRole('heading', { level: 1, name: INVESTOR_PROFILE.firmName })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText(INVESTOR_PROFILE.investmentThesis)).toBeVisible();
    await expect(main.getByText('42 companies')).toBeVisible();
    for (const label of ['AI/ML', 'Series A', '$500K - $1M']) await expect(main.getByText(label, { exact: true }).first()).toBeVisible();
    await expect(main.getByRole('link', { name: /northwind\.example\.com/ })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(main.getByRole('link', { name: 'Back to investor matches' })).toHaveAttribute('href', '/startup/investor-matches');
  });

  test('a missing profile shows not found, and the wrong role is told who can look', async ({ page, browser }) => {
    const otherInvestor = await registerCounterpart(browser, 'investor');

    await registerViaApi(page, 'investor');
    await page.goto('/startup/99999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Startup Profile' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();

    // Investors see startups, not other investors (server: 403).
    await page.goto(`/investor/${otherInvestor.id}`);
    await expect(page.getByRole('heading', { name: 'Only startups can view investor profiles' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await expect(page).toHaveURL('/investor/profile');
  });
});
