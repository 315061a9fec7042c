import { expect, test } from '@playwright/test';
import { buildUser, expectToast, fillRegisterForm, loginViaUi, openRegisterTab, registerViaApi, registerViaUi, toastRegion } from './helpers';

test.describe('register, log out, log in', () => {
  test('a startup registers, logs out and signs back in', async ({ page }) => {
    const user = buildUser('startup');
    await registerViaUi(page, user);

    await expect(page).toHaveURL('/startup/dashboard');
    await expectToast(page, 'Registration successful', `Welcome, ${user.firstName}!`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText(`Welcome back, ${user.firstName}`, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Dashboard · VentureMatch');

    // The sidebar shows who is signed in and highlights the current screen.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Investor Matches', 'Discover', 'Data Room', 'Communications', 'Milestones', 'Profile']);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(`${user.firstName} ${user.lastName}`).first()).toBeVisible();
    await expect(page.getByText('Startup Account').first()).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search investors, documents, or messages');

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/auth');
    await expectToast(page, 'Logged out', 'You have been logged out successfully.');

    await loginViaUi(page, user.username, user.password);
    await expect(page).toHaveURL('/startup/dashboard');
    await expectToast(page, 'Login successful', `Welcome back, ${user.firstName}!`);
  });

  test('an investor registers and lands on the investor dashboard', async ({ page }) => {
    const user = buildUser('investor');
    await registerViaUi(page, user);

    await expect(page).toHaveURL('/investor/dashboard');
    await expectToast(page, 'Registration successful', `Welcome, ${user.firstName}!`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Startups', 'Discover', 'Documents', 'Portfolio', 'Analytics', 'Milestones', 'Profile']);
    await expect(page.getByText('Investor Account').first()).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search startups, documents, or messages');

    // Log out from the user menu this time.
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menu').getByText(`${user.firstName} ${user.lastName}`)).toBeVisible();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/auth');
    await expectToast(page, 'Logged out', 'You have been logged out successfully.');
  });

  test('a wrong password shows the server sentence in a Login failed toast', async ({ page }) => {
    const user = buildUser('startup');
    await registerViaUi(page, user);
    await expect(page).toHaveURL('/startup/dashboard');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/auth');

    await loginViaUi(page, user.username, 'Not-The-Right-Passphrase-1');
    await expectToast(page, 'Login failed', 'Invalid username or password.');
    await expect(page).toHaveURL('/auth');
    // Only one notice at a time: the failure replaced the 'Logged out' toast.
    await expect(toastRegion(page).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });
});

test.describe('pending and failure states', () => {
  test('while registering, inputs are disabled and the button says Creating Account...', async ({ page }) => {
    // Hold the request until the pending state has been checked; no timing involved.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/register', async (route) => {
      await released;
      await route.continue();
    });
    const user = buildUser('startup');
    await openRegisterTab(page);
    await fillRegisterForm(page, user);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    for (const label of ['Account Type', 'First Name', 'Last Name', 'Username', 'Email', 'Confirm Password']) {
      await expect(page.getByLabel(label)).toBeDisabled();
    }
    await expect(page.getByLabel('Password', { exact: true })).toBeDisabled();

    release();
    await expect(page).toHaveURL('/startup/dashboard');
  });

  test('while signing in, the button says Signing in...', async ({ page, browser }) => {
    const otherContext = await browser.newContext();
    const user = await registerViaApi(await otherContext.newPage(), 'investor');
    await otherContext.close();

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/login', async (route) => {
      await released;
      await route.continue();
    });
    await loginViaUi(page, user.username, user.password);
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    await expect(page.getByLabel('Username')).toBeDisabled();
    release();
    await expect(page).toHaveURL('/investor/dashboard');
    await expectToast(page, 'Login successful', `Welcome back, ${user.firstName}!`);

    // F8 moves focus to the notifications region (Radix's default hotkey).
    await page.keyboard.press('F8');
    await expect(toastRegion(page).getByRole('list')).toBeFocused();
  });

  test('a failed logout keeps the user signed in and says why', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await page.route('**/api/logout', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal Server Error' }) }),
    );
    await page.goto('/startup/dashboard');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expectToast(page, 'Logout failed', 'Internal Server Error');
    await expect(page).toHaveURL('/startup/dashboard');
  });
});
