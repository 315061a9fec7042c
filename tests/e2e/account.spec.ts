// Account journeys (issue #17): "Forgot password?" on /auth, the reset link read from the e2e
// server's outbox (no SMTP_URL, so every email is an .eml file under DATA_DIR/outbox), a new
// password that signs the browser in; then Settings: changing the password signs out the other
// session, and deleting the account signs out onto /auth, after which the account cannot sign in.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { FORGOT_PASSWORD_MESSAGE } from '../../src/shared/contracts/account';
import { expectToast, horizontalOverflow, loginViaUi, registerViaApi, seriousViolations } from './helpers';

// The e2e server's DATA_DIR (playwright.config.ts), relative to the project root the runner starts in.
const OUTBOX = path.resolve(`.tmp/e2e-data-${process.env.E2E_PORT ?? 5174}`, 'outbox');
const PHONE = { width: 375, height: 812 };
const NEW_PASSWORD = 'Another-Uncommon-Passphrase-97';

/** The link in the newest email to `address` whose subject contains `subject`, once its job has written it. */
async function linkFromOutbox(address: string, subject: string, linkPath: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(OUTBOX).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
        // Newest first: the names start with the time they were written.
        for (const name of files.reverse()) {
          const mail = await simpleParser(await readFile(path.join(OUTBOX, name)));
          const to = (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((entry) => entry?.value ?? []).map((entry) => entry.address);
          if (!to.includes(address) || !mail.subject?.includes(subject)) continue;
          link = new RegExp(`https?://[^\\s"<>]+${linkPath}\\?token=[A-Za-z0-9_-]+`).exec(mail.text ?? '')?.[0];
          return link ?? 'the email has no link';
        }
        return 'no email yet';
      },
      { message: `an email "${subject}" to ${address} in ${OUTBOX}` },
    )
    .toMatch(/^https?:/);
  // Opened on the test's own server, whatever origin the email was written with.
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

async function expectFitsAndClean(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth, culprits } = await horizontalOverflow(page);
  expect(scrollWidth, `${label} scrolls sideways; sticking out: ${culprits.join(' | ')}`).toBeLessThanOrEqual(innerWidth);
  expect(await seriousViolations(page)).toEqual([]);
}

/** Signs `username` in from a browser context of its own (another device), and returns it to close later. */
async function signInElsewhere(browser: Browser, username: string, password: string) {
  const context = await browser.newContext();
  const response = await context.request.post('/api/login', { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  return context;
}

test.describe('account', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
  });

  test('forgot password: the emailed link sets a new password and signs in, at 375px', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const user = await registerViaApi(page, 'startup');
    expect((await page.request.post('/api/logout')).status()).toBe(200);

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    // The form loads in the sign-in form's place and takes the focus.
    const email = page.getByLabel('Email');
    await expect(email).toBeFocused();
    await expectFitsAndClean(page, 'The forgot-password form');
    await email.fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: FORGOT_PASSWORD_MESSAGE })).toBeVisible();
    await expectFitsAndClean(page, 'The forgot-password answer');

    await page.goto(await linkFromOutbox(user.email, 'Reset your', '/reset-password'));
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expectFitsAndClean(page, '/reset-password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();

    await expect(page).toHaveURL('/startup/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectToast(page, 'Password changed');
    // Opening the link proved the address: no verification banner.
    await expect(page.getByRole('region', { name: 'Email verification' })).toHaveCount(0);

    // A link without its token says so, with the way out (Settings, since the browser is signed in).
    await page.goto('/reset-password');
    await expect(page.getByText('This reset link is not valid. Ask for a new one.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Change your password in Settings' })).toBeVisible();
  });

  test('settings: a password change signs out the other session; deleting the account signs out for good', async ({ page, browser }) => {
    const user = await registerViaApi(page, 'investor');
    const otherDevice = await signInElsewhere(browser, user.username, user.password);

    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'Account',
      'Deal flow',
      'Notifications',
      'Password',
      'Sessions',
      'Blocked users',
      'Export your data',
      'Delete account',
    ]);
    await expect(page.getByRole('region', { name: 'Email verification' })).toContainText(user.email);
    const sessions = page.getByRole('list', { name: 'Signed-in sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByRole('listitem').first()).toContainText('This device');
    expect(await seriousViolations(page)).toEqual([]);

    const passwordForm = page.getByRole('form', { name: 'Change password' });
    await passwordForm.getByLabel('Current password').fill(user.password);
    await passwordForm.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await passwordForm.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Password changed', '1 other session was signed out.');
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText('You are not signed in anywhere else.')).toBeVisible();
    expect((await otherDevice.request.get('/api/user')).status()).toBe(401);
    await otherDevice.close();

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Username').fill(user.username.toUpperCase());
    await dialog.getByLabel('Password').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText(`Type your username exactly as shown: ${user.username}`)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Username').fill(user.username);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await expect(page).toHaveURL('/auth');
    await expect(page.getByText('Your account has been deleted. Thank you for using VentureMatch.')).toBeVisible();
    await loginViaUi(page, user.username, NEW_PASSWORD);
    await expectToast(page, 'Login failed', 'Invalid username or password.');
  });
});
