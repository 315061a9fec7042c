// Notification settings and the unsubscribe page in the browser (issue #18). The browser's time
// zone is stored on the first signed-in page, without a visit to Settings, and not asked about
// again on the next; in Settings a channel and the digest are changed, saved, and still there
// after a reload, at 375px with no serious axe violations. /unsubscribe says plainly when a link
// cannot work, and an emailed link (read from the e2e server's outbox) turns that type's email off.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { outboxReader } from '../support/outbox';
import {
  STARTUP_PROFILE,
  acceptAsStartup,
  expectToast,
  horizontalOverflow,
  registerViaApi,
  saveInvestorProfileViaApi,
  saveStartupProfileViaApi,
  seriousViolations,
} from './helpers';

const PHONE = { width: 375, height: 812 };
// Not the machine's own zone, so a stored value can only have come from the emulated browser.
const BROWSER_TIME_ZONE = 'Pacific/Auckland';
const PREFERENCES_API = '/api/account/notification-preferences';
// The e2e server's DATA_DIR (playwright.config.ts), relative to the project root the runner starts in.
const readOutbox = outboxReader(path.resolve(`.tmp/e2e-data-${process.env.E2E_PORT ?? 5174}`));

test.use({ timezoneId: BROWSER_TIME_ZONE });

interface Preferences {
  channels: Record<string, string>;
  digest: string;
  timeZone: string | null;
  newMatchMinScore: number;
}

async function preferencesOf(page: Page): Promise<Preferences> {
  const response = await page.request.get(PREFERENCES_API);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Preferences;
}

async function expectFitsAndClean(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth, culprits } = await horizontalOverflow(page);
  expect(scrollWidth, `${label} scrolls sideways; sticking out: ${culprits.join(' | ')}`).toBeLessThanOrEqual(innerWidth);
  expect(await seriousViolations(page)).toEqual([]);
}

test('settings: the time zone is stored on its own; a channel and the digest stick after a reload, at 375px', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ colorScheme: 'light' });
  const preferenceReads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === PREFERENCES_API) preferenceReads.push(page.url());
  });
  await registerViaApi(page, 'investor');
  expect((await preferencesOf(page)).timeZone).toBeNull();

  // The first signed-in page stores the browser's zone; the next page load does not ask again.
  await page.goto('/investor/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect.poll(async () => (await preferencesOf(page)).timeZone).toBe(BROWSER_TIME_ZONE);
  await page.goto('/activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();

  await page.goto('/settings');
  const section = page.getByRole('form', { name: 'Notification settings' });
  const messages = section.getByLabel('Unread messages');
  await expect(messages).toHaveValue('in_app_and_email');
  // One read by the dashboard's layout, one by Settings: the activity page did not ask.
  expect(preferenceReads.map((url) => new URL(url).pathname)).toEqual(['/investor/dashboard', '/settings']);
  await expect(section.getByLabel('Time zone')).toHaveValue(BROWSER_TIME_ZONE);
  // A founder's row has no place on an investor's list.
  await expect(section.getByLabel('An investor opens your document')).toHaveCount(0);
  await expect(section.getByLabel('A document is shared with you')).toHaveValue('in_app');
  await expectFitsAndClean(page, 'Settings › Notifications');

  await messages.selectOption('off');
  await section.getByRole('radio', { name: 'Weekly' }).check();
  const threshold = section.getByLabel('Score threshold for new matches');
  await threshold.fill('101');
  await section.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(section.getByText('The score threshold must be a whole number from 0 to 100')).toBeVisible();
  await expect(threshold).toHaveAttribute('aria-invalid', 'true');
  await threshold.fill('80');
  await section.getByRole('button', { name: 'Save notification settings' }).click();
  await expectToast(page, 'Notification settings saved');

  await page.reload();
  await expect(section.getByLabel('Unread messages')).toHaveValue('off');
  await expect(section.getByRole('radio', { name: 'Weekly' })).toBeChecked();
  await expect(section.getByLabel('Score threshold for new matches')).toHaveValue('80');
  await expect(section.getByLabel('Someone wants to connect')).toHaveValue('in_app_and_email');
  const stored = await preferencesOf(page);
  expect(stored).toMatchObject({ digest: 'weekly', timeZone: BROWSER_TIME_ZONE, newMatchMinScore: 80 });
  expect(stored.channels.message).toBe('off');
});

test('unsubscribe: a broken link says so; the emailed link turns that email off, signed out, at 375px', async ({ page, browser }) => {
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ colorScheme: 'light' });

  // Without a token the page needs no server to say so; signing in leads to Settings, never back here.
  await page.goto('/unsubscribe');
  await expect(page.getByRole('alert').filter({ hasText: 'This unsubscribe link is not valid.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to choose your emails' })).toHaveAttribute('href', '/auth?next=%2Fsettings');
  // A token the server did not sign: its sentence.
  await page.goto('/unsubscribe?token=not-a-token-we-ever-signed');
  await expect(page.getByRole('alert').filter({ hasText: 'not valid' })).toBeVisible();
  await expectFitsAndClean(page, '/unsubscribe with a broken link');

  // A connection request emails the investor (on by default), with the link in its footer.
  const startupContext = await browser.newContext();
  const startupPage = await startupContext.newPage();
  const investorContext = await browser.newContext();
  const investorPage = await investorContext.newPage();
  await registerViaApi(startupPage, 'startup');
  await saveStartupProfileViaApi(startupPage);
  const investor = await registerViaApi(investorPage, 'investor');
  // Criteria that fit the startup exactly (as livedInPair's), so generation finds the pair.
  await saveInvestorProfileViaApi(investorPage, {
    location: STARTUP_PROFILE.location,
    industryFocus: [STARTUP_PROFILE.industry, 'SaaS'],
    stagePreference: [STARTUP_PROFILE.stage],
    investmentRange: ['$1M - $3M'],
  });
  await acceptAsStartup(startupPage, investor.id);
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = await readOutbox(investor.email);
        link = mails.map((mail) => /https?:\/\/\S+?\/unsubscribe\?token=[^\s"<>]+/.exec(mail.text ?? '')?.[0]).find(Boolean) ?? '';
        return link;
      },
      { message: `an email to ${investor.email} with an unsubscribe link` },
    )
    .toMatch(/\/unsubscribe\?token=/);
  await startupContext.close();

  // Opened here, signed out, on the test's own server whatever origin the email was written with.
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('status').filter({ hasText: 'You will no longer get emails about' })).toBeVisible();
  await expectFitsAndClean(page, '/unsubscribe after one click');
  expect((await preferencesOf(investorPage)).channels.connection_requested).not.toBe('in_app_and_email');
  await investorContext.close();
});
