// Mutual consent (issue #14; docs/connections.md): a match connects only when both sides accept.
// The startup accepts and sees "Waiting for …"; the investor, on another screen, sees "Wants to
// connect with you" arrive live, the dashboard counts it, and accepting connects them: both can
// message; then the investor blocks and the startup's thread turns read-only. A decline can share
// its reason with the other side (off by default), and Reconsider asks first. Either side can
// disconnect (the other is told), report (which blocks), and unblock in Settings. Every state at
// 375px, from the keyboard, with no serious axe violations.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  STARTUP_PROFILE,
  acceptAsStartup,
  acceptMatchAs,
  expectToast,
  hasHorizontalScroll,
  newParty,
  seriousViolations,
  uniqueUsername,
  type Party,
} from './helpers';

// Two accounts, generation and two screens each: the slow-test budget.
test.describe.configure({ timeout: 120_000 });

interface Pair {
  startup: Party;
  investor: Party;
  companyName: string;
  firmName: string;
}

/**
 * A startup and an investor whose criteria fit it exactly, each in a browser context of their
 * own at 375px, with the startup's matches generated (so the pair is matched, nobody has answered).
 */
async function matchedPair(browser: Browser): Promise<Pair> {
  const tag = uniqueUsername('').slice(-8);
  const companyName = `Tidewater Labs ${tag}`;
  const firmName = `Harbor Light Capital ${tag}`;
  const startup = await newParty(browser, 'startup', { companyName }, { firstName: 'Tess', lastName: 'Founder' });
  const investor = await newParty(
    browser,
    'investor',
    {
      firmName,
      location: STARTUP_PROFILE.location,
      industryFocus: [STARTUP_PROFILE.industry],
      stagePreference: [STARTUP_PROFILE.stage],
      investmentRange: ['$1M - $3M'],
      investmentThesis: 'We back FinTech analytics companies at Series A with strong technical teams in Berlin.',
    },
    { firstName: 'Hal', lastName: 'Partner' },
  );
  const generated = await startup.page.request.post('/api/generate-matches');
  expect(generated.status(), await generated.text()).toBe(200);
  for (const party of [startup, investor]) {
    await party.page.setViewportSize({ width: 375, height: 812 });
    await party.page.emulateMedia({ colorScheme: 'light' });
  }
  return { startup, investor, companyName, firmName };
}

function matchCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

/** Opens a match screen searched down to one counterpart (the e2e database holds every journey's users). */
async function openMatches(page: Page, path: string, search: string): Promise<Locator> {
  await page.goto(path);
  await page.getByRole('search', { name: 'Match Settings' }).getByLabel('Search', { exact: true }).fill(search);
  const card = matchCard(page, search);
  await expect(card).toBeVisible();
  return card;
}

/** The live stream is open, so what follows arrives by events, not by a reload. */
async function expectLive(page: Page) {
  await expect(page.locator('[data-live-status="live"]')).toHaveCount(1);
}

async function expectClean(page: Page) {
  expect(await hasHorizontalScroll(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
}

test.describe('mutual consent', () => {
  test('the startup accepts and waits; the investor sees the request live, accepts, and both can message', async ({ browser }) => {
    const { startup, investor, companyName, firmName } = await matchedPair(browser);

    // The investor watches its list: the match is there, with nobody's answer yet.
    const investorCard = await openMatches(investor.page, '/investor/startups', companyName);
    await expect(investorCard.getByText('Wants to connect with you')).toHaveCount(0);
    await expectLive(investor.page);
    await investor.page.evaluate(() => ((window as unknown as { consentMark: boolean }).consentMark = true));

    // The startup accepts (from the keyboard): the card waits for the investor, with no Message yet.
    const startupCard = await openMatches(startup.page, '/startup/investor-matches', firmName);
    await startupCard.getByRole('button', { name: `Accept ${firmName}` }).focus();
    await startup.page.keyboard.press('Enter');
    await expectToast(startup.page, 'Match accepted', `Waiting for ${firmName} to accept. You can message them once they do.`);
    await expect(startupCard.getByText(`Waiting for ${firmName}`, { exact: true })).toBeVisible();
    await expect(startupCard.getByText('Pending', { exact: true })).toBeVisible();
    await expect(startupCard.getByRole('button', { name: /^(Accept|Decline) / })).toHaveCount(0);
    await expect(startupCard.getByRole('link', { name: `Message ${firmName}` })).toHaveCount(0);
    await expect(startupCard).toBeFocused();
    await expectClean(startup.page);

    // The investor's card says so without a reload, and still offers Accept and Decline.
    await expect(investorCard.getByText('Wants to connect with you', { exact: true })).toBeVisible();
    await expect(investorCard.getByRole('button', { name: `Decline ${companyName}` })).toBeVisible();
    expect(await investor.page.evaluate(() => (window as unknown as { consentMark?: boolean }).consentMark)).toBe(true);
    await expectClean(investor.page);

    // The dashboard counts the requests and links to the Pending tab, where they come first.
    await investor.page.goto('/investor/dashboard');
    await expect(investor.page.getByText('1 startup wants to connect with you', { exact: true })).toBeVisible();
    await expect(investor.page.getByRole('heading', { level: 3, name: 'Potential Startups' })).toBeVisible();
    await expectClean(investor.page);
    await investor.page.getByRole('link', { name: 'Review requests' }).click();
    await expect(investor.page).toHaveURL('/investor/startups?tab=pending');
    const pendingList = investor.page.getByRole('list', { name: /matches, best first$/ });
    await expect(pendingList.getByRole('heading', { level: 3 }).first()).toHaveText(companyName);

    // The investor accepts from the keyboard: connected.
    const requestCard = matchCard(investor.page, companyName);
    await requestCard.getByRole('button', { name: `Accept ${companyName}` }).focus();
    await investor.page.keyboard.press('Enter');
    await expectToast(investor.page, 'Match accepted', `You are connected with ${companyName}. You can now message them.`);
    await expect(requestCard).toBeHidden();
    await investor.page.getByRole('tab', { name: /^Accepted/ }).click();
    await expect(requestCard.getByRole('link', { name: `Message ${companyName}` })).toHaveAttribute('href', `/messages?partner=${startup.user.id}`);
    await expectClean(investor.page);

    // The startup's card turns Accepted live, with the Message button.
    await expect(startupCard.getByText('Accepted', { exact: true })).toBeVisible();
    await expect(startupCard.getByText(`Waiting for ${firmName}`)).toHaveCount(0);
    const message = startupCard.getByRole('link', { name: `Message ${firmName}` });
    await expect(message).toHaveAttribute('href', `/startup/communications?partner=${investor.user.id}`);
    await expectClean(startup.page);

    // Both can now message: the startup writes from its Message button, the investor answers.
    await message.click();
    const startupComposer = startup.page.getByRole('textbox', { name: 'Message to Hal Partner' });
    await startupComposer.fill('Thanks for connecting, Hal.');
    await startupComposer.press('Enter');
    await expect(startup.page.getByRole('log').getByText('Thanks for connecting, Hal.')).toBeVisible();

    await requestCard.getByRole('link', { name: `Message ${companyName}` }).click();
    await expect(investor.page.getByRole('log').getByText('Thanks for connecting, Hal.')).toBeVisible();
    const investorComposer = investor.page.getByRole('textbox', { name: 'Message to Tess Founder' });
    await investorComposer.fill('Glad to, Tess.');
    await investorComposer.press('Enter');
    await expect(startup.page.getByRole('log').getByText('Glad to, Tess.')).toBeVisible();

    // The investor blocks the startup from the conversation header, after a confirmation.
    await investor.page.getByRole('button', { name: 'More actions for Tess Founder' }).click();
    await investor.page.getByRole('menuitem', { name: 'Block' }).click();
    const blockDialog = investor.page.getByRole('alertdialog', { name: 'Block Tess Founder?' });
    await expect(blockDialog).toContainText('They are not told. You can unblock them in Settings.');
    await expectClean(investor.page);
    await blockDialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expectToast(investor.page, 'Tess Founder is blocked');
    // The conversation leaves the investor's list.
    await expect(investor.page.getByRole('textbox', { name: 'Message to Tess Founder' })).toHaveCount(0);
    await expect(investor.page.getByText('Select a conversation')).toBeVisible();

    // The startup's thread turns read-only, live: the history stays, the composer goes.
    await expect(startup.page.getByText('This conversation is closed', { exact: true })).toBeVisible();
    await expect(startupComposer).toHaveCount(0);
    await expect(startup.page.getByRole('log').getByText('Glad to, Tess.')).toBeVisible();
    await expectClean(startup.page);

    await startup.context.close();
    await investor.context.close();
  });

  test('either side can disconnect; the other side is told, and the thread turns read-only; report and unblock in Settings', async ({ browser }) => {
    const { startup, investor, companyName, firmName } = await matchedPair(browser);
    const matchId = await acceptAsStartup(startup.page, investor.user.id);
    await acceptMatchAs(investor.page, null, matchId);

    // The startup writes, and keeps the conversation open.
    await startup.page.goto(`/startup/communications?partner=${investor.user.id}`);
    const composer = startup.page.getByRole('textbox', { name: 'Message to Hal Partner' });
    await composer.fill('Looking forward to our call.');
    await composer.press('Enter');
    await expect(startup.page.getByRole('log').getByText('Looking forward to our call.')).toBeVisible();
    await expectLive(startup.page);

    // The investor disconnects from the match card's menu, after a confirmation.
    const investorCard = await openMatches(investor.page, '/investor/startups', companyName);
    await investorCard.getByRole('button', { name: `More actions for ${companyName}` }).click();
    await investor.page.getByRole('menuitem', { name: 'Disconnect' }).click();
    const confirm = investor.page.getByRole('alertdialog', { name: `Disconnect from ${companyName}?` });
    await expectClean(investor.page);
    await confirm.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expectToast(investor.page, `Disconnected from ${companyName}`);
    await expect(investorCard.getByText('You ended the connection', { exact: true })).toBeVisible();
    await expect(investorCard.getByRole('link', { name: `Message ${companyName}` })).toHaveCount(0);

    // The startup is told, live, in the thread (which names people) and on its match card (firms).
    await expect(startup.page.getByText('Hal Partner ended the connection', { exact: true })).toBeVisible();
    await expect(composer).toHaveCount(0);
    await expect(startup.page.getByRole('log').getByText('Looking forward to our call.')).toBeVisible();
    await expectClean(startup.page);
    const startupCard = await openMatches(startup.page, '/startup/investor-matches', firmName);
    await expect(startupCard.getByText(`${firmName} ended the connection`, { exact: true })).toBeVisible();
    await expect(startupCard.getByRole('button', { name: `Accept ${firmName}` })).toBeVisible();

    // The startup reports the investor from its public profile: a reason is required, and it blocks.
    await startup.page.goto(`/investor/${investor.user.id}`);
    await startup.page.getByRole('button', { name: `More actions for ${firmName}` }).click();
    await startup.page.getByRole('menuitem', { name: 'Report' }).click();
    const report = startup.page.getByRole('dialog', { name: `Report ${firmName}` });
    await report.getByRole('button', { name: 'Report and block' }).click();
    await expect(report.getByText('Choose what is wrong.')).toBeVisible();
    await report.getByRole('radio', { name: 'Spam' }).check();
    await report.getByLabel('Details (optional)').fill('Sent the same pitch request five times.');
    await expectClean(startup.page);
    await report.getByRole('button', { name: 'Report and block' }).click();
    await expectToast(startup.page, 'Thanks for telling us');

    // Settings lists the block, and Unblock lifts it.
    await startup.page.getByRole('button', { name: 'User menu' }).click();
    await startup.page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(startup.page).toHaveURL('/settings');
    const blocked = startup.page.getByRole('list', { name: 'Blocked users' });
    await expect(blocked.getByRole('listitem')).toHaveCount(1);
    await expect(blocked.getByRole('listitem')).toContainText(`${firmName}Investor · Blocked just now`);
    await expectClean(startup.page);
    await blocked.getByRole('button', { name: `Unblock ${firmName}` }).click();
    await expectToast(startup.page, `${firmName} is unblocked`);
    await expect(startup.page.getByText('You have not blocked anyone.')).toBeVisible();

    await startup.context.close();
    await investor.context.close();
  });

  test('a decline shares its reason only when asked; Reconsider asks first', async ({ browser }) => {
    const { startup, investor, companyName, firmName } = await matchedPair(browser);
    await acceptAsStartup(startup.page, investor.user.id);
    const startupCard = await openMatches(startup.page, '/startup/investor-matches', firmName);
    await expectLive(startup.page);

    // The investor declines with a reason and chooses to share it.
    const investorCard = await openMatches(investor.page, '/investor/startups', companyName);
    const decline = investorCard.getByRole('button', { name: `Decline ${companyName}` });
    await decline.click();
    const dialog = investor.page.getByRole('dialog', { name: `Decline ${companyName}?` });
    const share = dialog.getByRole('checkbox', { name: 'Share this reason with them' });
    await expect(share).not.toBeChecked();
    await dialog.getByRole('radio', { name: 'Check size' }).check();
    await share.focus();
    await investor.page.keyboard.press('Space');
    await expect(share).toBeChecked();
    await expectClean(investor.page);
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await expectToast(investor.page, 'Match declined');

    // The startup, live: who declined and the reason they shared; nothing to reconsider or accept.
    await expect(startupCard.getByText(`Declined by ${firmName}`, { exact: true })).toBeVisible();
    await expect(startupCard.getByText('Their reason: Check size', { exact: true })).toBeVisible();
    await expect(startupCard.getByRole('button', { name: /^(Reconsider|Accept|Decline) / })).toHaveCount(0);
    await expectClean(startup.page);

    // Reconsider asks first; Escape cancels and focus returns to the button.
    const reconsider = investorCard.getByRole('button', { name: `Reconsider ${companyName}` });
    await reconsider.focus();
    await investor.page.keyboard.press('Enter');
    const confirm = investor.page.getByRole('alertdialog', { name: `Connect with ${companyName}?` });
    await expect(confirm).toContainText(`${companyName} has already accepted, so you will be connected at once`);
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectClean(investor.page);
    await investor.page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(reconsider).toBeFocused();
    await expect(investorCard.getByText('Rejected', { exact: true })).toBeVisible();

    // Confirmed, it connects them at once (the startup had accepted).
    await reconsider.click();
    await confirm.getByRole('button', { name: 'Connect', exact: true }).click();
    await expectToast(investor.page, 'Match reconsidered', `You accepted ${companyName}. You can now message them.`);
    await expect(investorCard.getByRole('link', { name: `Message ${companyName}` })).toBeVisible();
    await expect(startupCard.getByRole('link', { name: `Message ${firmName}` })).toBeVisible();
    await expect(startupCard.getByText(/^Declined by/)).toHaveCount(0);

    await startup.context.close();
    await investor.context.close();
  });
});
