import { expect, test } from '@playwright/test';
import { registerCounterpart, registerViaApi, saveInvestorProfileViaApi, saveStartupProfileViaApi, seriousViolations } from './helpers';

test.describe('accessibility (axe, light mode)', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
  });

  test('the auth screen, both tabs, including error messages', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please select a user type')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a signed-in dashboard, with the user menu open', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await page.goto('/startup/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the investor dashboard and the 404 page', async ({ page }) => {
    await registerViaApi(page, 'investor');
    await page.goto('/investor/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/nowhere');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the whole app is usable from the keyboard', async ({ page }) => {
    await page.goto('/auth');
    // Tab into the tab list, switch tabs with the arrow keys, then reach the first field.
    await page.getByRole('tab', { name: 'Login' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Account Type')).toBeFocused();

    await registerViaApi(page, 'startup');
    await page.goto('/startup/dashboard');
    await page.getByRole('button', { name: 'User menu' }).focus();
    await page.keyboard.press('Enter');
    // Opening from the keyboard focuses the first item, Profile.
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/startup/profile');
  });

  test('the startup profile, every tab in view and edit mode', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await page.goto('/startup/profile');
    // No profile yet: the "Complete your profile" state and its form with every error shown.
    await page.getByRole('button', { name: 'Complete your profile' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please select funding goal')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await saveStartupProfileViaApi(page, { team: [{ name: 'Ada Lovelace', role: 'CEO', link: 'https://example.com/ada' }] });
    for (const tab of ['Profile Information', 'Team Members', 'Investor Preferences']) {
      await page.goto('/startup/profile');
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Edit Profile' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('tabpanel').getByRole('button', { name: 'Edit Profile' }).click();
      await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Save' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  test('the investor profile, every tab in view and edit mode', async ({ page }) => {
    await registerViaApi(page, 'investor');
    await saveInvestorProfileViaApi(page);
    for (const tab of ['Profile Information', 'Investment Criteria', 'Investment Thesis']) {
      await page.goto('/investor/profile');
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Edit Profile' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('tabpanel').getByRole('button', { name: 'Edit Profile' }).click();
      await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Save' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  test('the activity feed, a dashboard with data and a public profile', async ({ page, browser }) => {
    const startup = await registerCounterpart(browser, 'startup');

    await registerViaApi(page, 'investor');
    await saveInvestorProfileViaApi(page);
    await page.goto(`/startup/${startup.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Nimbus Analytics' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/activity');
    await expect(page.getByText("Viewed Nimbus Analytics's profile")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/investor/dashboard');
    await expect(page.getByRole('region', { name: 'Recent Activity' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('region', { name: 'Profile Completion' }).getByText('100%')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the startup dashboard with top matches listed', async ({ page }) => {
    const user = await registerViaApi(page, 'startup');
    const now = new Date().toISOString();
    const matches = [92, 78, 61].map((score, index) => ({
      id: index + 1,
      startupId: user.id,
      investorId: 500 + index,
      score,
      status: 'pending',
      breakdown: null,
      createdAt: now,
      updatedAt: now,
      investor: {
        id: 500 + index,
        firmName: `Fund ${index + 1}`,
        logo: null,
        location: 'London, UK',
        portfolioSize: null,
        stagePreference: [],
        investmentRange: [],
        industryFocus: ['SaaS'],
        website: null,
        foundingDate: null,
        description: null,
        investmentThesis: null,
      },
    }));
    // Every page the list asks for (its query carries the page size), answered as one last page.
    const countOf = (status: string) => matches.filter((match) => match.status === status).length;
    const counts = { total: matches.length, all: matches.length, pending: countOf('pending'), accepted: countOf('accepted'), rejected: countOf('rejected') };
    await page.route(/\/api\/matches\/startup(\?|$)/, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ items: matches, nextCursor: null, counts }) }),
    );
    await page.goto('/startup/dashboard');
    await expect(page.getByRole('link', { name: 'View Profile of Fund 3' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent Activity' }).getByRole('listitem')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
