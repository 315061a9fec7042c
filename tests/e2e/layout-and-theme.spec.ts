import { expect, test } from '@playwright/test';
import { hasHorizontalScroll, registerCounterpart, registerViaApi, saveStartupProfileViaApi } from './helpers';

test.describe('small screens (375 × 812)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the sidebar becomes a left drawer of at most 280px', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await page.goto('/startup/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // The fixed sidebar is hidden; only the drawer would show a navigation landmark.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    // Polled because the drawer slides in from the left edge.
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    const box = await drawer.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(280);
    expect(box!.width).toBeGreaterThan(200);

    await drawer.getByRole('link', { name: 'Data Room' }).click();
    await expect(page).toHaveURL('/startup/data-room');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Data Room' })).toBeVisible();

    // Escape closes it too, and focus returns to the menu button.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeFocused();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('profile screens in both modes, the dashboard and the activity feed fit without horizontal scroll', async ({ page, browser }) => {
    const investor = await registerCounterpart(browser, 'investor');

    await registerViaApi(page, 'startup');
    await saveStartupProfileViaApi(page, {
      team: [{ name: 'Ada Lovelace', role: 'CEO & Co-founder', link: 'https://example.com/a-rather-long-profile-link' }],
    });
    for (const tab of ['profile', 'team', 'preferences']) {
      await page.goto(`/startup/profile?tab=${tab}`);
      const panel = page.getByRole('tabpanel');
      await panel.getByRole('button', { name: 'Edit Profile' }).click();
      await expect(panel.getByRole('button', { name: 'Save' })).toBeVisible();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await panel.getByRole('button', { name: 'Cancel' }).click();
      await expect(panel.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
      expect(await hasHorizontalScroll(page)).toBe(false);
    }
    await page.goto(`/investor/${investor.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind Ventures' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.goto('/startup/dashboard');
    await expect(page.getByRole('region', { name: 'Recent Activity' }).getByRole('listitem')).toHaveCount(3);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.goto('/activity');
    await expect(page.getByText('Created your VentureMatch account')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('the auth screen fits without horizontal scroll and hides the welcome panel', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Where great startups and the right investors find each other' })).toBeHidden();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please select a user type')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});

test.describe('theme', () => {
  test('the choice is stored under `theme` and drives the dark class', async ({ page }) => {
    await registerViaApi(page, 'investor');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/investor/dashboard');
    const html = page.locator('html');
    const storedTheme = () => page.evaluate(() => localStorage.getItem('theme'));
    const chooseTheme = async (label: 'Light' | 'Dark' | 'System') => {
      await page.getByRole('button', { name: /^Theme/ }).click();
      await page.getByRole('menuitemradio', { name: label }).click();
      // Let the menu finish closing, as a person would, before the trigger is used again.
      await expect(page.getByRole('menu')).toBeHidden();
    };

    await chooseTheme('Dark');
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await storedTheme()).toBe('dark');

    // Survives a reload (theme-init applies it before React starts).
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);

    await chooseTheme('Light');
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await storedTheme()).toBe('light');

    // 'system' follows the operating system, live.
    await chooseTheme('System');
    expect(await storedTheme()).toBe('system');
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveClass(/\bdark\b/);
  });
});
