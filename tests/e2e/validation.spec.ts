import { expect, test } from '@playwright/test';
import { buildUser, expectToast, fillRegisterForm, openRegisterTab, registerViaApi } from './helpers';

test.describe('form validation', () => {
  test('the login form explains short values', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    // Messages are tied to their fields for screen readers.
    await expect(page.getByLabel('Username')).toHaveAccessibleDescription('Username must be at least 3 characters');
  });

  test('the register form shows every rule when submitted empty', async ({ page }) => {
    await openRegisterTab(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      'Please select a user type',
      'First name is required',
      'Last name is required',
      'Username must be at least 3 characters',
      'Please enter a valid email',
      'Password must be at least 6 characters',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Account Type')).toHaveAttribute('aria-invalid', 'true');
  });

  test('the register form catches a bad email, a short password and a mismatched confirmation', async ({ page }) => {
    await openRegisterTab(page);
    await fillRegisterForm(page, buildUser('startup', { email: 'not-an-email', username: 'ab' }), 'something-else');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please enter a valid email', { exact: true })).toBeVisible();
    await expect(page.getByText('Username must be at least 3 characters', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Confirm Password')).toHaveAccessibleDescription("Passwords don't match");

    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password must be at least 6 characters', { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/auth');
  });

  test('a taken username shows the server message on the field and in a toast', async ({ page, browser }) => {
    // Register the first account in a separate context so this page stays signed out.
    const otherContext = await browser.newContext();
    const existing = await registerViaApi(await otherContext.newPage(), 'startup');
    await otherContext.close();

    await openRegisterTab(page);
    await fillRegisterForm(page, buildUser('investor', { username: existing.username }));
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expectToast(page, 'Registration failed', 'This username is already taken.');
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Username')).toHaveAccessibleDescription('This username is already taken.');
    await expect(page).toHaveURL('/auth');
  });
});
