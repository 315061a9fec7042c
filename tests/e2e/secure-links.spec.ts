// Secure links in the browser (issue #20): the founder creates a link in the data room and copies
// its address (shown once); an external visitor with no account opens it in a browser of their
// own, gives an email, types the 6-digit code from the e2e server's outbox (no SMTP_URL, so every
// email is an .eml file under DATA_DIR/outbox), and views the deck: pdf.js draws the page into a
// canvas with the visitor's email in the watermark. Also: the founder's Visitors list and Disable
// switch, an allow-list refusal in the server's words, the invitation to register, and the
// visitor page at 375px with axe.
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { drawablePdfBytes } from '../support/document-fixtures';
import { outboxReader } from '../support/outbox';
import { horizontalOverflow, registerViaApi, saveStartupProfileViaApi, seriousViolations } from './helpers';

// The e2e server's DATA_DIR (playwright.config.ts), relative to the project root the runner starts in.
const readOutbox = outboxReader(path.resolve(`.tmp/e2e-data-${process.env.E2E_PORT ?? 5174}`));
const PHONE = { width: 375, height: 812 };
const LINK_SHOWN_ONCE = 'Copy this link now: for your security it is stored only in a form that cannot be shown again.';

/** A startup with a saved profile (its company name is what visitors see) and one PDF in its room. */
async function founderWithDeck(page: Page): Promise<{ companyName: string; deck: { id: number; name: string } }> {
  const founder = await registerViaApi(page, 'startup');
  const companyName = `Nimbus ${founder.username.slice(-6)}`;
  await saveStartupProfileViaApi(page, { companyName });
  const response = await page.request.post('/api/documents', {
    multipart: { type: 'Pitch Deck', name: 'Series A deck', file: { name: 'deck.pdf', mimeType: 'application/pdf', buffer: drawablePdfBytes(2) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { companyName, deck: (await response.json()) as { id: number; name: string } };
}

/** A browser with no account and no cookies: someone the link was forwarded to. */
async function externalVisitor(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport });
  return context.newPage();
}

/** The path of a link's address, opened on the test's own server whatever origin it was made with. */
const pathOf = (url: string) => new URL(url).pathname;

/** The 6-digit code in the newest code email to `email`, once its job has written it. */
async function codeFromOutbox(email: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await readOutbox(email)).filter((mail) => mail.subject?.includes('is your code for'));
        if (mails.length <= after) return 'no new code email yet';
        code = /\b(\d{6})\b/.exec(mails[mails.length - 1]!.subject ?? '')?.[1];
        return code ?? 'the email has no code';
      },
      { message: `a code email to ${email}` },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

async function createLinkViaApi(page: Page, body: Record<string, unknown>): Promise<string> {
  const response = await page.request.post('/api/data-room/links', {
    data: {
      requireEmailVerification: true,
      allowedEmails: [],
      password: null,
      expiresAt: null,
      canDownload: false,
      watermark: true,
      ndaRequired: false,
      ...body,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return pathOf(((await response.json()) as { url: string }).url);
}

test.describe('secure links', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
  });

  test('the founder creates a link and copies it; an external visitor verifies with the emailed code and views the watermarked deck', async ({
    page,
    browser,
    context,
  }) => {
    const { companyName, deck } = await founderWithDeck(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    // The founder: the data room's Secure links card, empty at first.
    await page.goto('/startup/data-room');
    const card = page.getByRole('region', { name: 'Secure links' });
    await expect(card.getByText('No secure links yet')).toBeVisible();
    await card.getByRole('button', { name: 'New link' }).click();
    const dialog = page.getByRole('dialog', { name: 'New secure link' });
    await dialog.getByLabel('Link name').fill('Sequoia partners');
    // Nothing chosen yet: the contract's sentence, before anything is sent.
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect(dialog.getByText('Choose at least one document.')).toBeVisible();
    await dialog.getByRole('checkbox', { name: deck.name }).check();
    await expect(dialog.getByRole('switch', { name: 'Require email verification' })).toBeChecked();
    // An allow-list holds verification on.
    await dialog.getByLabel('Allowed emails or domains (optional)').fill('@fund.example');
    await expect(dialog.getByRole('switch', { name: 'Require email verification' })).toBeDisabled();
    await expect(dialog.getByRole('switch', { name: 'Watermark' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Allow downloads' })).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Create link' }).click();

    // The address, once, with Copy.
    const created = page.getByRole('dialog', { name: 'Link created' });
    await expect(created.getByText(LINK_SHOWN_ONCE)).toBeVisible();
    const url = await created.getByLabel('Link address').inputValue();
    expect(url).toMatch(/\/v\/[A-Za-z0-9_-]{22,64}$/);
    await created.getByRole('button', { name: 'Copy' }).click();
    await expect(created.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await created.getByRole('button', { name: 'Done' }).click();

    const row = card.getByRole('listitem').filter({ hasText: 'Sequoia partners' });
    await expect(row).toContainText(deck.name);
    for (const badge of ['Email verified', 'Only @fund.example', 'View only', 'Watermark']) await expect(row.getByText(badge, { exact: true })).toBeVisible();
    await expect(row).toContainText('Not opened yet');

    // The visitor: no account, a browser of their own.
    const visitor = await externalVisitor(browser);
    await visitor.goto(pathOf(url));
    await expect(visitor.getByRole('heading', { level: 1, name: 'Enter your email' })).toBeVisible();
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(visitor.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');

    // A forwarded link does not open for an address outside the allow-list: the server's sentence.
    await visitor.getByLabel('Email', { exact: true }).fill('someone@elsewhere.example');
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await expect(visitor.locator('#visitor-email-error')).not.toBeEmpty();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Enter your email' })).toBeVisible();

    const email = `jane.${Date.now().toString(36)}@fund.example`;
    await visitor.getByLabel('Email', { exact: true }).fill(email);
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(visitor.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
    const codeInput = visitor.getByLabel('Code', { exact: true });
    await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
    await codeInput.fill(await codeFromOutbox(email));
    await visitor.getByRole('button', { name: 'Verify' }).click();

    // Ready: the documents, and the viewer with the visitor's email drawn into the page.
    await expect(visitor.getByRole('heading', { level: 1, name: 'Sequoia partners' })).toBeVisible();
    await expect(visitor.getByText(`Shared by ${companyName}`)).toBeVisible();
    // View only: no download anywhere.
    await expect(visitor.getByRole('link', { name: /Download/ })).toHaveCount(0);
    await visitor.getByRole('button', { name: `View ${deck.name}` }).click();
    const viewer = visitor.getByRole('dialog', { name: deck.name });
    await expect(viewer.locator('canvas[data-watermarked="true"]')).toBeVisible();
    await expect(viewer.getByTestId('watermark-caption')).toContainText(email);
    await expect(viewer.getByText('View only: the founder has not allowed downloads.')).toBeVisible();
    await viewer.getByRole('button', { name: 'Close document' }).click();
    await expect(viewer).toBeHidden();

    // The invitation to join, as an investor with this email.
    const invitation = visitor.getByRole('link', { name: 'Join VentureMatch as an investor' });
    await expect(invitation).toHaveAttribute('href', `/auth?register=investor&email=${encodeURIComponent(email)}`);
    await invitation.click();
    await expect(visitor.getByRole('tab', { name: 'Register', selected: true })).toBeVisible();
    await expect(visitor.getByLabel('Account Type')).toHaveValue('investor');
    await expect(visitor.getByLabel('Email', { exact: true })).toHaveValue(email);

    // The founder sees the visitor, verified, with their view (after a reload: this test does not
    // depend on the live update).
    await page.reload();
    await expect(row).toContainText('1 visitor');
    await row.getByRole('button', { name: 'Visitors of Sequoia partners' }).click();
    const visitors = page.getByRole('dialog', { name: 'Visitors of "Sequoia partners"' });
    const visitorRow = visitors.getByRole('listitem').filter({ hasText: email });
    await expect(visitorRow.getByText('Verified', { exact: true })).toBeVisible();
    await expect(visitorRow).toContainText('1 view');
    await visitors.getByRole('button', { name: 'Close visitors' }).click();

    // Disabled: the link stops opening at once, and says why.
    await row.getByRole('button', { name: 'Disable Sequoia partners' }).click();
    await expect(row.getByRole('button', { name: 'Enable Sequoia partners' })).toBeVisible();
    await expect(row).toContainText('Disabled');
    await visitor.goto(pathOf(url));
    await expect(visitor.getByRole('heading', { level: 1, name: 'This link cannot be opened' })).toBeVisible();
    await expect(visitor.getByRole('alert')).not.toBeEmpty();
    await visitor.context().close();
  });

  test('the visitor page at 375px: every step fits, works by keyboard, and has no serious axe violations', async ({ page, browser }) => {
    const { deck } = await founderWithDeck(page);
    const linkPath = await createLinkViaApi(page, { name: 'Phone check', documentIds: [deck.id], password: 'open-sesame-42', ndaRequired: true });
    const visitor = await externalVisitor(browser, PHONE);
    await visitor.emulateMedia({ colorScheme: 'light' });

    const fitsAndIsClean = async (on: Page, label: string) => {
      const { scrollWidth, innerWidth, culprits } = await horizontalOverflow(on);
      expect(scrollWidth, `${label} scrolls sideways; sticking out: ${culprits.join(' | ')}`).toBeLessThanOrEqual(innerWidth);
      expect(await seriousViolations(on), label).toEqual([]);
    };
    const expectFitsAndClean = (label: string) => fitsAndIsClean(visitor, label);

    // The founder's side at 375px too: the card with its link, and the New link dialog.
    await page.setViewportSize(PHONE);
    await page.goto('/startup/data-room');
    const card = page.getByRole('region', { name: 'Secure links' });
    await expect(card.getByRole('listitem').filter({ hasText: 'Phone check' })).toContainText('Password');
    await fitsAndIsClean(page, 'The Secure links card');
    await card.getByRole('button', { name: 'New link' }).click();
    await expect(page.getByRole('dialog', { name: 'New secure link' }).getByRole('checkbox', { name: deck.name })).toBeVisible();
    await fitsAndIsClean(page, 'The New link dialog');

    await visitor.goto(linkPath);
    const email = `sam.${Date.now().toString(36)}@example.test`;
    // The email field has the focus; typing and Enter submit the step.
    const emailInput = visitor.getByLabel('Email', { exact: true });
    await expect(emailInput).toBeFocused();
    await expectFitsAndClean('The email step');
    await visitor.keyboard.type(email);
    await visitor.keyboard.press('Enter');

    await expect(visitor.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(visitor.getByLabel('Code', { exact: true })).toBeFocused();
    await expectFitsAndClean('The code step');
    // A wrong code is refused in the server's words, under the field.
    const code = await codeFromOutbox(email);
    await visitor.keyboard.type(code === '000000' ? '111111' : '000000');
    await visitor.keyboard.press('Enter');
    await expect(visitor.locator('#visitor-code-error')).not.toBeEmpty();
    await visitor.getByLabel('Code', { exact: true }).fill(code);
    await visitor.keyboard.press('Enter');

    await expect(visitor.getByRole('heading', { level: 1, name: 'Enter the password' })).toBeVisible();
    await expect(visitor.getByLabel('Password', { exact: true })).toBeFocused();
    await expectFitsAndClean('The password step');
    await visitor.keyboard.type('open-sesame-42');
    await visitor.keyboard.press('Enter');

    // The NDA (the founder's template, company name filled in): its text takes the focus to be read first.
    await expect(visitor.getByRole('heading', { level: 1, name: 'Accept the NDA' })).toBeVisible();
    const ndaText = visitor.getByRole('region', { name: /Non-disclosure agreement, version \d+/ });
    await expect(ndaText).toBeFocused();
    await expectFitsAndClean('The NDA step');
    await visitor.getByRole('button', { name: 'Accept and continue' }).click();
    await expect(visitor.getByText('Please type your full name.')).toBeVisible();
    await expect(visitor.getByText('Tick "I agree" to accept the NDA.')).toBeVisible();
    await visitor.getByLabel('Full name').fill('Sam Visitor');
    await visitor.getByRole('checkbox', { name: /I agree/ }).check();
    await visitor.getByRole('button', { name: 'Accept and continue' }).click();

    await expect(visitor.getByRole('heading', { level: 1, name: 'Phone check' })).toBeVisible();
    await expectFitsAndClean('The documents');
    await visitor.getByRole('button', { name: `View ${deck.name}` }).click();
    const viewer = visitor.getByRole('dialog', { name: deck.name });
    await expect(viewer.locator('canvas[data-watermarked="true"]')).toBeVisible();
    await expectFitsAndClean('The viewer');
    await visitor.context().close();
  });

  test('a link that does not exist says so in the server words, with no way in', async ({ browser }) => {
    const visitor = await externalVisitor(browser);
    await visitor.goto('/v/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(visitor.getByRole('heading', { level: 1, name: 'This link cannot be opened' })).toBeVisible();
    await expect(visitor.getByRole('alert')).not.toBeEmpty();
    await visitor.goto('/v/too-short');
    await expect(visitor.getByRole('alert')).toHaveText('This link is not valid. Check that you copied all of it.');
    await visitor.context().close();
  });
});
