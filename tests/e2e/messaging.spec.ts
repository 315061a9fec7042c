// Messaging in the browser (issue #6): two people in two browser contexts chat both ways with no
// reload, the unread badges, "Seen", the spec's empty states and texts, Enter / Shift+Enter, the
// failure toast, deep links, the polling fallback, 375px, and axe scans of both screens.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { connectViaApi, expectToast, hasHorizontalScroll, newParty, registerViaApi, seriousViolations, type RegisteredUser } from './helpers';

// A word no other journey uses, in both profiles, so generation pairs this startup with this
// investor even with every other journey's accounts in the same database.
function pairingProfiles() {
  const token = `zyx${Math.random().toString(36).slice(2, 8)}`;
  return {
    startup: { industry: 'CleanTech', description: `Grid batteries for ${token} microgrids in remote towns.` },
    investor: {
      industryFocus: ['CleanTech'],
      description: `Climate fund backing ${token} microgrids.`,
      investmentThesis: `We back ${token} microgrids and grid-scale battery storage at seed and Series A.`,
    },
  };
}

/** A startup and an investor with an accepted match, each in their own browser context. */
async function connectedPair(browser: Browser, names = { startup: 'Stella', investor: 'Ivan' }) {
  const profiles = pairingProfiles();
  const startup = await newParty(browser, 'startup', profiles.startup, { firstName: names.startup, lastName: 'Founder' });
  const investor = await newParty(
    browser,
    'investor',
    { ...profiles.investor, firmName: `${names.investor} Capital` },
    { firstName: names.investor, lastName: 'Partner' },
  );
  await connectViaApi(startup.page, investor.user, investor.page);
  return { startup, investor };
}

/** The live stream is open, so what follows is delivered by events, not by the 10 s fallback. */
async function expectLive(page: Page) {
  await expect(page.locator('[data-live-status="live"]')).toHaveCount(1);
}

function thread(page: Page) {
  return page.getByRole('log');
}

function composer(page: Page, partner: RegisteredUser) {
  return page.getByRole('textbox', { name: `Message to ${partner.firstName} ${partner.lastName}` });
}

/** Set once per page; a reload would lose it. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { messagingMark: boolean }).messagingMark = true));
}

async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { messagingMark?: boolean }).messagingMark)).toBe(true);
}

function activeConversationsCard(page: Page) {
  return page.getByRole('heading', { name: 'Active Conversations' }).locator('xpath=../..');
}

test.describe('messaging between two people', () => {
  test('they chat both ways with no reload, see the unread badge, then "Seen"', async ({ browser }) => {
    const { startup, investor } = await connectedPair(browser);

    // The startup opens the conversation from a deep link, as the match card's Message button does.
    await startup.page.goto(`/startup/communications?partner=${investor.user.id}`);
    await expect(startup.page.getByRole('heading', { level: 2, name: 'Ivan Partner' })).toBeVisible();
    await expect(startup.page.getByText('No messages yet')).toBeVisible();
    await investor.page.goto('/investor/dashboard');
    await expect(activeConversationsCard(investor.page).getByText('0', { exact: true })).toBeVisible();
    await Promise.all([expectLive(startup.page), expectLive(investor.page), markPage(startup.page), markPage(investor.page)]);

    await composer(startup.page, investor.user).fill('Hello Ivan, thanks for connecting!');
    await composer(startup.page, investor.user).press('Enter');
    await expect(composer(startup.page, investor.user)).toHaveValue('');
    await expect(thread(startup.page).getByText('Hello Ivan, thanks for connecting!')).toBeVisible();

    // The investor, on another screen, sees the unread badge and the conversation count change.
    await expect(investor.page.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();
    await expect(activeConversationsCard(investor.page).getByText('1', { exact: true })).toBeVisible();
    await investor.page.getByRole('link', { name: 'Messages, 1 unread' }).click();
    await expect(investor.page).toHaveURL('/messages');
    await expect(investor.page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    // The first conversation is selected by itself, and opening it marks the message read.
    await expect(thread(investor.page).getByText('Hello Ivan, thanks for connecting!')).toBeVisible();
    await expect(investor.page.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

    // The sender sees "Seen" under the message, without reloading.
    await expect(thread(startup.page).getByText('Seen', { exact: true })).toBeVisible();

    // And the reply travels back the other way.
    await composer(investor.page, startup.user).fill('Great to meet you, Stella.');
    await composer(investor.page, startup.user).press('Enter');
    await expect(thread(startup.page).getByText('Great to meet you, Stella.')).toBeVisible();
    await expect(thread(investor.page).getByText('Seen', { exact: true })).toBeVisible();
    // "Seen" sits under the last message the partner read: the startup's only message.
    await expect(thread(startup.page).getByText('Seen', { exact: true })).toHaveCount(1);

    await expectNotReloaded(startup.page);
    await expectNotReloaded(investor.page);
    await startup.context.close();
    await investor.context.close();
  });

  test('a conversation that is not open shows its unread badge in the list until it is opened', async ({ browser }) => {
    const profiles = pairingProfiles();
    const startup = await newParty(browser, 'startup', profiles.startup, { firstName: 'Sunny', lastName: 'Founder' });
    const first = await newParty(browser, 'investor', { ...profiles.investor, firmName: 'Alma Capital' }, { firstName: 'Alma', lastName: 'First' });
    const second = await newParty(browser, 'investor', { ...profiles.investor, firmName: 'Bruno Capital' }, { firstName: 'Bruno', lastName: 'Second' });
    await connectViaApi(startup.page, first.user, first.page);
    await connectViaApi(startup.page, second.user, second.page);

    await startup.page.goto(`/messages?partner=${first.user.id}`);
    await expect(startup.page.getByRole('heading', { level: 2, name: 'Alma First' })).toBeVisible();
    await expectLive(startup.page);

    const sent = await second.page.request.post('/api/messages', { data: { receiverId: startup.user.id, content: 'Bruno here, do you have a minute?' } });
    expect(sent.status()).toBe(201);

    const brunoRow = startup.page.getByRole('button', { name: /^Bruno Second/ });
    await expect(brunoRow.getByText('1 unread')).toBeVisible();
    await expect(startup.page.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();
    // The open chat with Alma is unchanged.
    await expect(startup.page.getByRole('heading', { level: 2, name: 'Alma First' })).toBeVisible();

    // Keyboard: focus Bruno's row and open it with Enter.
    await brunoRow.focus();
    await startup.page.keyboard.press('Enter');
    await expect(brunoRow).toHaveAttribute('aria-current', 'true');
    await expect(startup.page).toHaveURL(`/messages?partner=${second.user.id}`);
    await expect(thread(startup.page).getByText('Bruno here, do you have a minute?')).toBeVisible();
    await expect(brunoRow.getByText('1 unread')).toHaveCount(0);
    await expect(startup.page.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

    for (const person of [startup, first, second]) await person.context.close();
  });

  test('with the live stream down, the thread still refreshes every 10 seconds, and the stream comes back', async ({ browser }) => {
    const { startup, investor } = await connectedPair(browser, { startup: 'Polly', investor: 'Otto' });
    // The stream cannot connect: every attempt fails at the network level.
    await investor.page.route('**/api/events', (route) => route.abort());
    await investor.page.goto(`/messages?partner=${startup.user.id}`);
    await expect(investor.page.getByText('Live updates are paused while we reconnect. New messages still arrive every 10 seconds.')).toBeVisible();
    await expect(investor.page.getByText('No messages yet')).toBeVisible();

    const sent = await startup.page.request.post('/api/messages', { data: { receiverId: investor.user.id, content: 'Arrives by polling' } });
    expect(sent.status()).toBe(201);
    // One poll interval plus a margin: this waits for the poll, it does not time anything.
    await expect(thread(investor.page).getByText('Arrives by polling')).toBeVisible({ timeout: 25_000 });

    // The stream comes back by itself; the notice goes and messages are live again.
    await investor.page.unroute('**/api/events');
    await expectLive(investor.page);
    await expect(investor.page.getByText(/Live updates are paused/)).toHaveCount(0);
    expect((await startup.page.request.post('/api/messages', { data: { receiverId: investor.user.id, content: 'Back to live' } })).status()).toBe(201);
    await expect(thread(investor.page).getByText('Back to live')).toBeVisible();

    await startup.context.close();
    await investor.context.close();
  });
});

test.describe('the messages screens', () => {
  test('empty states before any match, on both screens', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await page.goto('/startup/communications');
    await expect(page.getByRole('heading', { level: 1, name: 'Communications' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No conversations yet' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Select a conversation' })).toBeVisible();
    await expect(page.getByText('Choose a contact from the list to start chatting')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View investor matches' })).toHaveAttribute('href', '/startup/investor-matches');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No conversations found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Select a conversation' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('search, the type tabs, Enter and Shift+Enter, and the axe scans with a conversation', async ({ browser }) => {
    const { startup, investor } = await connectedPair(browser, { startup: 'Sasha', investor: 'Iris' });
    const page = startup.page;
    await page.goto('/messages');
    // The first (only) conversation is selected automatically; nothing has been said yet.
    await expect(page.getByRole('heading', { level: 2, name: 'Iris Partner' })).toBeVisible();
    await expect(page.getByText('No messages yet')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Search filters by name.
    const search = page.getByPlaceholder('Search contacts...');
    await search.fill('nobody by this name');
    await expect(page.getByRole('heading', { name: 'No conversations found' })).toBeVisible();
    await search.fill('iris');
    await expect(page.getByRole('button', { name: /^Iris Partner/ })).toBeVisible();
    await search.fill('');

    // Tabs by the contact's userType.
    await page.getByRole('tab', { name: 'Startups' }).click();
    await expect(page.getByRole('heading', { name: 'No conversations found' })).toBeVisible();
    await page.getByRole('tab', { name: 'Investors' }).click();
    await expect(page.getByRole('button', { name: /^Iris Partner/ })).toBeVisible();
    await page.getByRole('tab', { name: 'All' }).click();

    const input = composer(page, investor.user);
    // Whitespace only is never sent.
    await input.fill('   ');
    await input.press('Enter');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
    // Shift+Enter starts a new line; Enter sends both lines as one message.
    await input.fill('First line');
    await input.press('Shift+Enter');
    await input.pressSequentially('second line');
    await expect(input).toHaveValue('First line\nsecond line');
    await input.press('Enter');
    await expect(input).toHaveValue('');
    await expect(input).toBeFocused();
    await expect(thread(page).getByText(/First line\s+second line/)).toBeVisible();
    // The line break is kept in the bubble, not folded into a space.
    expect(
      await thread(page)
        .getByText(/First line\s+second line/)
        .evaluate((bubble) => (bubble as HTMLElement).innerText),
    ).toContain('First line\nsecond line');
    // Exactly one message: the blank attempt sent nothing.
    await expect(thread(page).getByText(/line/)).toHaveCount(1);
    // The conversation row shows the message and today's clock time.
    const row = page.getByRole('button', { name: /^Iris Partner/ });
    await expect(row).toContainText('First line');
    await expect(row.locator('time')).toHaveText(/^\d{1,2}:\d{2}/);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/startup/communications');
    await expect(page.getByRole('heading', { level: 1, name: 'Communications' })).toBeVisible();
    await expect(thread(page).getByText(/First line\s+second line/)).toBeVisible();
    // One conversation screen: the same tabs and search as /messages.
    await expect(page.getByRole('tab', { name: 'Startups' })).toBeVisible();
    await page.getByPlaceholder('Search contacts...').fill('iris');
    await expect(page.getByRole('button', { name: /^Iris Partner/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByPlaceholder('Search contacts...').fill('');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    expect(await seriousViolations(page)).toEqual([]);

    await startup.context.close();
    await investor.context.close();
  });

  test('a failed send shows the spec toast and keeps the text', async ({ browser }) => {
    const { startup, investor } = await connectedPair(browser, { startup: 'Fay', investor: 'Gus' });
    const page = startup.page;
    await page.goto(`/messages?partner=${investor.user.id}`);
    await expect(page.getByText('No messages yet')).toBeVisible();
    // The server cannot take the message (an outage answers 503 with its sentence). A 401 is not
    // a send failure: it ends the session (tests/e2e/sign-in-return.spec.ts).
    const outage = 'The service is temporarily unavailable. Please try again in a moment.';
    await page.route('**/api/messages', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: outage }) })
        : route.continue(),
    );
    await composer(page, investor.user).fill('Will this arrive?');
    await composer(page, investor.user).press('Enter');
    await expectToast(page, 'Error', `Failed to send message: ${outage}`);
    await expect(composer(page, investor.user)).toHaveValue('Will this arrive?');
    await startup.context.close();
    await investor.context.close();
  });

  test('the composer stops at 5,000 characters and says why', async ({ browser }) => {
    const { startup, investor } = await connectedPair(browser, { startup: 'Lena', investor: 'Milo' });
    const page = startup.page;
    await page.goto(`/messages?partner=${investor.user.id}`);
    await composer(page, investor.user).fill('x'.repeat(5001));
    await expect(page.getByText('Messages can be at most 5,000 characters')).toBeVisible();
    await expect(page.getByText('5,001 / 5,000')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await composer(page, investor.user).press('Backspace');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
    await startup.context.close();
    await investor.context.close();
  });

  test('a deep link opens a partner with no messages yet, even when another conversation comes first', async ({ browser }) => {
    const profiles = pairingProfiles();
    const investor = await newParty(browser, 'investor', { ...profiles.investor, firmName: 'Vera Ventures' }, { firstName: 'Vera', lastName: 'Investor' });
    const talkative = await newParty(browser, 'startup', profiles.startup, { firstName: 'Tom', lastName: 'Talkative' });
    const quiet = await newParty(browser, 'startup', profiles.startup, { firstName: 'Quinn', lastName: 'Quiet' });
    await connectViaApi(talkative.page, investor.user, investor.page);
    await connectViaApi(quiet.page, investor.user, investor.page);
    expect((await talkative.page.request.post('/api/messages', { data: { receiverId: investor.user.id, content: 'Tom says hi' } })).status()).toBe(201);

    const page = investor.page;
    await page.goto(`/messages?partner=${quiet.user.id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Quinn Quiet' })).toBeVisible();
    await expect(page.getByText('No messages yet')).toBeVisible();
    await composer(page, quiet.user).fill('Hi Quinn, shall we talk?');
    await composer(page, quiet.user).press('Enter');
    await expect(thread(page).getByText('Hi Quinn, shall we talk?')).toBeVisible();

    // Without a link, the newest conversation comes first and is selected.
    await page.goto('/messages');
    await expect(page.getByRole('heading', { level: 2, name: 'Quinn Quiet' })).toBeVisible();
    const rows = page.getByRole('list', { name: 'Conversations' }).getByRole('button');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Quinn Quiet');
    await expect(rows.nth(1)).toContainText('Tom Talkative');

    for (const person of [investor, talkative, quiet]) await person.context.close();
  });

  test('works at 375px without horizontal scroll', async ({ browser }) => {
    const { startup, investor } = await connectedPair(browser, { startup: 'Mia', investor: 'Nico' });
    const page = startup.page;
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/messages');
    await expect(page.getByRole('heading', { level: 2, name: 'Nico Partner' })).toBeVisible();
    await composer(page, investor.user).fill('A message long enough to wrap across several lines on a narrow phone screen, to be sure.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(thread(page).getByText(/A message long enough/)).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/startup/communications');
    await expect(thread(page).getByText(/A message long enough/)).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await startup.context.close();
    await investor.context.close();
  });

  test('real text: long words wrap, links are safe, runs share a header under a day separator, at 375px and 1280px', async ({ browser }) => {
    const { startup, investor } = await connectedPair(browser, { startup: 'Rhea', investor: 'Omar' });
    const page = startup.page;
    const longUrl = `https://example.com/${'deck-'.repeat(40)}final.pdf`;
    const token = 'x'.repeat(200);
    const send = async (from: typeof startup, to: RegisteredUser, content: string) =>
      expect((await from.page.request.post('/api/messages', { data: { receiverId: to.id, content } })).status()).toBe(201);
    await send(startup, investor.user, `Deck: ${longUrl}`);
    await send(startup, investor.user, `Token ${token} and founders@rhea.io`);
    await send(startup, investor.user, 'javascript:alert(1) stays text');
    await send(investor, startup.user, 'Thanks, reading www.example.org/notes now.');

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/messages?partner=${investor.user.id}`);
      const log = thread(page);
      await expect(log.getByText('Thanks, reading')).toBeVisible();
      // Nothing is wider than the thread, and the page does not scroll sideways.
      expect(await hasHorizontalScroll(page)).toBe(false);
      const overflow = await log.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }

    const log = thread(page);
    // Web and email addresses are links that open in a new tab, with a safe rel; javascript: is not.
    const deck = log.getByRole('link', { name: longUrl });
    await expect(deck).toHaveAttribute('href', longUrl);
    await expect(deck).toHaveAttribute('target', '_blank');
    await expect(deck).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect(log.getByRole('link', { name: 'founders@rhea.io' })).toHaveAttribute('href', 'mailto:founders@rhea.io');
    await expect(log.getByRole('link', { name: 'www.example.org/notes' })).toHaveAttribute('href', 'https://www.example.org/notes');
    await expect(log.getByRole('link')).toHaveCount(3);
    await expect(log.getByText('javascript:alert(1) stays text')).toBeVisible();

    // One day separator, "Today"; the startup's three messages share one "You" header, Omar's has his.
    await expect(log.getByText('Today', { exact: true })).toHaveCount(1);
    await expect(log.getByText('You', { exact: true })).toHaveCount(1);
    await expect(log.getByText('Omar', { exact: true })).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);

    await startup.context.close();
    await investor.context.close();
  });
});
