import { expect, test } from '@playwright/test';
import { registerViaApi } from './helpers';

test.describe('session guards and routes', () => {
  test('a signed-out visitor is sent to /auth', async ({ page }) => {
    await page.goto('/startup/profile');
    await expect(page).toHaveURL('/auth?next=%2Fstartup%2Fprofile');
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveTitle('Sign in · VentureMatch');
  });

  test('a signed-in startup on /auth goes to its dashboard, and / is its dashboard', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await page.goto('/auth');
    await expect(page).toHaveURL('/startup/dashboard');

    await page.goto('/');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  test('an investor is kept to investor routes', async ({ page }) => {
    await registerViaApi(page, 'investor');
    await page.goto('/startup/profile');
    await expect(page).toHaveURL('/investor/dashboard');
    await page.goto('/');
    await expect(page).toHaveURL('/investor/dashboard');
    await page.goto('/auth');
    await expect(page).toHaveURL('/investor/dashboard');
  });

  test('every screen of the route table opens with its title', async ({ page }) => {
    await registerViaApi(page, 'startup');
    const screens: [string, string][] = [
      ['/startup/investor-matches', 'Investor Matches'],
      ['/startup/data-room', 'Data Room'],
      ['/startup/communications', 'Communications'],
      ['/startup/milestones', 'Milestones'],
      ['/startup/profile', 'Profile'],
      ['/messages', 'Messages'],
      ['/activity', 'Activity'],
      // Ids no account will have: the e2e database is shared, and other journeys create profiles.
      ['/investor/2000000000', 'Investor Profile'],
      ['/startup/2000000001', 'Startup Profile'],
    ];
    for (const [path, title] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} · VentureMatch`);
      await expect(page.getByRole('main')).toHaveCount(1);
    }
    await page.goto('/startup/milestones');
    await expect(page.getByText('No connected investors')).toBeVisible();
  });

  test('sidebar links navigate and highlight the current screen; top-bar controls work', async ({ page }) => {
    await registerViaApi(page, 'investor');
    await page.goto('/investor/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links: [string, string][] = [
      ['Startups', '/investor/startups'],
      ['Portfolio', '/investor/portfolio'],
      ['Analytics', '/investor/analytics'],
      ['Profile', '/investor/profile'],
    ];
    for (const [label, path] of links) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    }
    await page.getByRole('link', { name: 'Messages' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(page.getByText('No notifications yet')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/investor/profile');
  });

  test('unknown paths show the 404 page, signed out and signed in', async ({ page }) => {
    await page.goto('/this/page/does-not-exist');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth');

    await registerViaApi(page, 'startup');
    await page.goto('/startup/not-a-number');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page).toHaveURL('/startup/dashboard');
  });

  test('when the session check fails, an error with Retry replaces the spinner', async ({ page }) => {
    await page.route('**/api/user', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable.' }) }),
    );
    await page.goto('/startup/dashboard');
    await expect(page.getByRole('heading', { name: "We couldn't load your account" })).toBeVisible();
    await expect(page.getByText('Service unavailable.')).toBeVisible();

    await page.unroute('**/api/user');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveURL('/auth?next=%2Fstartup%2Fdashboard');
  });
});
