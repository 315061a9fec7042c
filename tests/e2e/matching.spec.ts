// The two match screens (issue #4; docs/matching.md §9): a startup generates matches through the
// UI, reads why a match scored as it did, declines one with a reason, reconsiders it (after a
// confirmation), accepts others and gets the Message button once the investor has accepted too
// (mutual consent, issue #14; docs/connections.md); filters, search and tabs; the investor side
// with its industry filter and live updates; the dashboards' top 3; 375px and axe scans with cards.
//
// The e2e database is shared by every test running in parallel, so each test's users carry a
// unique tag and a distinctive industry and city (CleanTech in Reykjavik), and assertions look at
// this test's own cards only.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  acceptMatchAs,
  expectToast,
  hasHorizontalScroll,
  registerViaApi,
  seriousViolations,
  toastRegion,
  uniqueUsername,
  type RegisteredUser,
} from './helpers';

// Each journey registers four users, saves their profiles and scores them before the first
// click; on a loaded machine that alone can take a good part of the default 60 s.
test.describe.configure({ timeout: 120_000 });

interface Cast {
  tag: string;
  startup: RegisteredUser & { companyName: string };
  /** A fits on every count; B writes checks two buckets too small; C invests a stage later with bigger checks. */
  investors: Array<RegisteredUser & { firmName: string }>;
}

const STARTUP_DESCRIPTION =
  'Grid-scale battery storage for geothermal and hydro power, sold as a subscription to utilities. Revenue-generating B2B climate hardware.';

function investorProfile(firmName: string, overrides: Record<string, unknown>) {
  return {
    firmName,
    website: '',
    location: 'Reykjavik, Iceland',
    foundingDate: '',
    description: 'A climate fund backing energy founders across the Nordics.',
    investmentThesis: 'We back climate hardware: grid-scale energy storage, geothermal and hydro, sold B2B to utilities.',
    portfolioSize: 18,
    industryFocus: ['CleanTech'],
    stagePreference: ['Seed', 'Series A'],
    investmentRange: ['$1M - $3M'],
    ...overrides,
  };
}

/**
 * Three investors with saved profiles, then a startup with a saved profile; `page` ends signed in
 * as the startup (page.request shares the page's cookies, and each registration signs in).
 */
async function castForMatching(page: Page): Promise<Cast> {
  const tag = uniqueUsername('').slice(-8);
  const firms = [
    [`Geysir Climate Partners ${tag}`, {}],
    [`Aurora Energy Fund ${tag}`, { investmentRange: ['$100K - $500K'], industryFocus: ['CleanTech', 'Hardware'], location: 'Oslo, Norway' }],
    [
      `Fjord Growth Capital ${tag}`,
      { stagePreference: ['Series A', 'Series B'], investmentRange: ['$3M - $5M'], location: 'Copenhagen, Denmark', portfolioSize: 4 },
    ],
  ] as const;
  const investors: Cast['investors'] = [];
  for (const [firmName, overrides] of firms) {
    const investor = await registerViaApi(page, 'investor');
    const saved = await page.request.put('/api/investor/profile', { data: investorProfile(firmName, overrides) });
    expect(saved.status(), await saved.text()).toBe(200);
    investors.push({ ...investor, firmName });
  }
  const companyName = `Glacier Grid ${tag}`;
  const startup = await registerViaApi(page, 'startup');
  const saved = await page.request.put('/api/startup/profile', {
    data: {
      companyName,
      website: '',
      location: 'Reykjavik, Iceland',
      foundingDate: '',
      stage: 'Seed',
      industry: 'CleanTech',
      description: STARTUP_DESCRIPTION,
      teamSize: 6,
      fundingGoal: 1_000_000,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return { tag, startup: { ...startup, companyName }, investors };
}

/** A second signed-in browser (its own cookies) for the other party. */
async function signedInPage(browser: Browser, user: RegisteredUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.request.post('/api/login', { data: { username: user.username, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
  return page;
}

function matchCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

/** A control of the Match Settings panel by its label (the top bar has a search box too). */
function setting(page: Page, label: 'Search' | 'Status' | 'Industry'): Locator {
  return page.getByRole('search', { name: 'Match Settings' }).getByLabel(label, { exact: true });
}

function matchList(page: Page): Locator {
  return page.getByRole('list', { name: /matches, best first$/ });
}

interface ListedMatch {
  id: number;
  investorId: number;
  score: number;
  investor: { firmName: string };
}

/** The signed-in startup's matches whose investor's name or location holds `search` (this test's tag), in list order. */
async function startupMatches(page: Page, search: string): Promise<ListedMatch[]> {
  const response = await page.request.get(`/api/matches/startup?search=${encodeURIComponent(search)}&limit=100`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: ListedMatch[] }).items;
}

/** The id of the signed-in startup's match with this investor. */
async function matchIdWith(page: Page, investor: Cast['investors'][number]): Promise<number> {
  const list = await startupMatches(page, investor.firmName);
  const match = list.find((candidate) => candidate.investorId === investor.id);
  expect(match, `a match with investor ${investor.id}`).toBeDefined();
  return match!.id;
}

/** Generates through the API (for tests that are about what comes after). */
async function generateViaApi(page: Page): Promise<void> {
  const response = await page.request.post('/api/generate-matches');
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('startup investor matches', () => {
  test('generate, read why, decline with a reason, reconsider, accept, and message', async ({ page }) => {
    const { tag, investors } = await castForMatching(page);
    const [best, partial, third] = investors as [Cast['investors'][number], Cast['investors'][number], Cast['investors'][number]];
    await page.goto('/startup/investor-matches');
    await expect(page.getByRole('heading', { level: 1, name: 'Investor Matches' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No matches found' })).toBeVisible();

    // Hold the request to see the pending state, then let it through.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/generate-matches', async (route) => {
      await released;
      await route.continue();
    });
    // The header's control comes first; the empty state repeats it.
    await page.getByRole('button', { name: 'Generate Matches' }).first().click();
    const pending = page.getByRole('button', { name: 'Generating...' }).first();
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    release();
    await expect(toastRegion(page).getByText('Matches generated', { exact: true })).toBeVisible();
    await expect(toastRegion(page).getByText(/^Found \d+ new match(es)?/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate Matches' })).toBeEnabled();

    // Only this test's investors, by the tag in their firm names; best first, as the server ranks them.
    await setting(page, 'Search').fill(tag.toUpperCase());
    await expect(matchList(page).getByRole('article')).toHaveCount(3);
    const ranked = (await startupMatches(page, tag)).map((match) => match.investor.firmName);
    await expect(matchList(page).getByRole('heading', { level: 3 })).toHaveText(ranked);

    // "Why this match": the fits in the startup's terms and the top reasons.
    const bestCard = matchCard(page, best.firmName);
    await expect(bestCard.getByText(/^Their fit for you \d+ · Your fit for them \d+ → \d+$/)).toBeVisible();
    await expect(bestCard.getByRole('list', { name: 'Top reasons' })).toContainText('Sector: CleanTech is in their focus');
    await bestCard.getByRole('button', { name: 'Show score details' }).click();
    await expect(bestCard.getByRole('heading', { level: 5, name: /^Their fit for you · \d+$/ })).toBeVisible();
    await expect(bestCard.getByRole('heading', { level: 5, name: /^Your fit for them · \d+$/ })).toBeVisible();
    await expect(bestCard.getByText('Location: both in Reykjavik').first()).toBeVisible();

    const partialCard = matchCard(page, partial.firmName);
    await expect(partialCard.getByText(/^Biggest shortfall: /)).toBeVisible();

    // Decline with a reason.
    await partialCard.getByRole('button', { name: `Decline ${partial.firmName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Decline ${partial.firmName}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio')).toHaveCount(7);
    // Sharing the reason is off by default, and waits for a reason to share.
    const share = dialog.getByRole('checkbox', { name: 'Share this reason with them' });
    await expect(share).not.toBeChecked();
    await expect(share).toBeDisabled();
    await dialog.getByRole('radio', { name: 'Timing' }).check();
    await expect(share).toBeEnabled();
    await expect(share).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await expectToast(page, 'Match declined', `${partial.firmName} moved to Rejected. You can reconsider at any time.`);
    await expect(dialog).toBeHidden();
    await expect(partialCard.getByText('Rejected', { exact: true })).toBeVisible();
    // Focus stays with the card the decision was about.
    await expect(partialCard).toBeFocused();
    await expect(page.getByRole('tab', { name: /^Rejected/ })).toHaveAccessibleName('Rejected 1');

    // The reason is logged with the decision; the activity feed says so.
    await page.goto('/activity');
    await expect(page.getByText(`Declined your match with ${partial.firmName} (timing)`)).toBeVisible();
    await page.goBack();
    await setting(page, 'Search').fill(tag);

    // Reconsider asks first; Cancel changes nothing and returns focus to the button.
    const reconsider = partialCard.getByRole('button', { name: `Reconsider ${partial.firmName}` });
    await reconsider.click();
    const confirm = page.getByRole('alertdialog', { name: `Connect with ${partial.firmName}?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(reconsider).toBeFocused();
    await expect(partialCard.getByText('Rejected', { exact: true })).toBeVisible();

    // Confirmed, it accepts: the match waits for the investor, with no Message button yet.
    await reconsider.click();
    await confirm.getByRole('button', { name: 'Connect', exact: true }).click();
    await expectToast(page, 'Match reconsidered', `Waiting for ${partial.firmName} to accept. You can message them once they do.`);
    await expect(confirm).toBeHidden();
    await expect(partialCard.getByText(`Waiting for ${partial.firmName}`, { exact: true })).toBeVisible();
    await expect(partialCard.getByText('Pending', { exact: true })).toBeVisible();
    await expect(partialCard.getByRole('link', { name: `Message ${partial.firmName}` })).toHaveCount(0);

    // The investor accepts too: the card turns Accepted with the Message button, live.
    await acceptMatchAs(page, partial, await matchIdWith(page, partial));
    await expect(partialCard.getByText('Accepted', { exact: true })).toBeVisible();
    await expect(partialCard.getByRole('link', { name: `Message ${partial.firmName}` })).toHaveAttribute(
      'href',
      `/startup/communications?partner=${partial.id}`,
    );

    // An investor who accepted first wants to connect: their card comes first in Pending.
    await acceptMatchAs(page, third, await matchIdWith(page, third));
    const thirdCard = matchCard(page, third.firmName);
    await page.getByRole('tab', { name: /^Pending/ }).click();
    await expect(page).toHaveURL(/\?tab=pending$/);
    await expect(setting(page, 'Status')).toHaveValue('pending');
    await expect(matchList(page).getByRole('article')).toHaveCount(2);
    await expect(thirdCard.getByText('Wants to connect with you', { exact: true })).toBeVisible();
    await expect(matchList(page).getByRole('heading', { level: 3 })).toHaveText([third.firmName, best.firmName]);

    // Accepting it connects: it leaves the tab, and focus moves to the next card.
    await thirdCard.getByRole('button', { name: `Accept ${third.firmName}` }).click();
    await expectToast(page, 'Match accepted', `You are connected with ${third.firmName}. You can now message them.`);
    await expect(thirdCard).toBeHidden();
    await expect(bestCard).toBeFocused();

    // Accepting first waits: the card stays in Pending, the waiting line instead of its buttons.
    await bestCard.getByRole('button', { name: `Accept ${best.firmName}` }).click();
    await expectToast(page, 'Match accepted', `Waiting for ${best.firmName} to accept. You can message them once they do.`);
    await expect(bestCard.getByText(`Waiting for ${best.firmName}`, { exact: true })).toBeVisible();
    await expect(bestCard.getByRole('button', { name: /^(Accept|Decline) / })).toHaveCount(0);
    await expect(bestCard).toBeFocused();

    await page.getByRole('tab', { name: /^Accepted/ }).click();
    await expect(matchList(page).getByRole('article')).toHaveCount(2);
    await expect(thirdCard.getByRole('link', { name: `Message ${third.firmName}` })).toHaveAttribute('href', `/startup/communications?partner=${third.id}`);
    await expect(thirdCard.getByRole('link', { name: `View Profile of ${third.firmName}` })).toHaveAttribute('href', `/investor/${third.id}`);
  });

  test('search, the score slider from the keyboard, the status filter and tabs with counts', async ({ page }) => {
    const { tag, investors } = await castForMatching(page);
    await generateViaApi(page);
    const ours = await startupMatches(page, tag);
    expect(ours).toHaveLength(3);
    await page.goto('/startup/investor-matches');
    await expect(matchList(page)).toBeVisible();

    // Search: case-insensitive on firm name and location only.
    const search = setting(page, 'Search');
    await search.fill(`aurora energy fund ${tag}`);
    await expect(matchList(page).getByRole('article')).toHaveCount(1);
    await search.fill('copenhagen');
    await expect(matchCard(page, investors[2]!.firmName)).toBeVisible();
    await search.fill(`${tag} nowhere`);
    await expect(page.getByRole('heading', { name: 'No matches found' })).toBeVisible();
    await search.fill(tag);
    await expect(page.getByRole('tab', { name: /^All/ })).toHaveAccessibleName('All 3');
    await expect(page.getByRole('tab', { name: /^Pending/ })).toHaveAccessibleName('Pending 3');

    // The slider: 0–100, step 1, default 0, page-step 10.
    const slider = page.getByRole('slider', { name: 'Minimum score' });
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    await expect(slider).toHaveAttribute('aria-valuemin', '0');
    await expect(slider).toHaveAttribute('aria-valuemax', '100');
    await slider.focus();
    await page.keyboard.press('PageUp');
    await expect(slider).toHaveAttribute('aria-valuenow', '10');
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', '11');
    await page.keyboard.press('End');
    await expect(slider).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByRole('heading', { name: 'No matches found' })).toBeVisible();
    await page.keyboard.press('Home');

    // A threshold just above the weakest of ours keeps exactly those with score >= threshold.
    const weakest = Math.min(...ours.map((match) => match.score));
    const threshold = weakest + 1;
    for (let step = 0; step < Math.floor(threshold / 10); step++) await page.keyboard.press('PageUp');
    for (let step = 0; step < threshold % 10; step++) await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', String(threshold));
    const kept = ours.filter((match) => match.score >= threshold).map((match) => match.investor.firmName);
    await expect(matchList(page).getByRole('article')).toHaveCount(kept.length);
    await expect(page.getByRole('tab', { name: /^All/ })).toHaveAccessibleName(`All ${kept.length}`);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    await expect(search).toHaveValue('');

    // The status filter and the tabs are one setting.
    await search.fill(tag);
    await setting(page, 'Status').selectOption('accepted');
    await expect(page.getByRole('tab', { name: /^Accepted/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'No matches found' })).toBeVisible();
    await page.getByRole('tab', { name: /^All/ }).click();
    await expect(setting(page, 'Status')).toHaveValue('all');
    await expect(matchList(page).getByRole('article')).toHaveCount(3);
  });

  test('generating before the profile is saved says what to do, with a way there', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await page.goto('/startup/investor-matches');
    await page.getByRole('button', { name: 'Generate Matches' }).first().click();
    await expectToast(page, "Couldn't generate matches", 'Complete your profile first: matches are scored from it.');
    const notice = page.getByRole('main').getByRole('alert');
    await expect(notice).toContainText('Complete your profile first: matches are scored from it.');
    await notice.getByRole('link', { name: 'Complete your profile' }).click();
    await expect(page).toHaveURL('/startup/profile');
  });
});

test.describe('investor startups', () => {
  test('the investor sees its list with tabs and the industry filter, and decisions reach the startup live', async ({ page, browser }) => {
    const { tag, startup, investors } = await castForMatching(page);
    await generateViaApi(page);
    const investor = investors[0]!;

    // The startup watches its Pending tab while the investor decides.
    await page.goto('/startup/investor-matches?tab=pending');
    await setting(page, 'Search').fill(tag);
    await expect(matchCard(page, investor.firmName)).toBeVisible();

    const investorPage = await signedInPage(browser, investor);
    await investorPage.goto('/investor/startups');
    await expect(investorPage.getByRole('heading', { level: 1, name: 'Startups' })).toBeVisible();
    await expect(investorPage.getByRole('tab')).toHaveText([/^All Startups/, /^Pending/, /^Accepted/, /^Rejected/]);
    // The first 8 industries only, after "All industries".
    await expect(setting(investorPage, 'Industry').locator('option')).toHaveText([
      'All industries',
      'SaaS',
      'FinTech',
      'HealthTech',
      'EdTech',
      'E-commerce',
      'AI/ML',
      'Blockchain',
      'CleanTech',
    ]);

    // Search covers company name, location and industry.
    const search = setting(investorPage, 'Search');
    await search.fill(startup.companyName.toLowerCase());
    const card = matchCard(investorPage, startup.companyName);
    await expect(card).toBeVisible();
    await expect(card.getByText(/^Their fit for you \d+ · Your fit for them \d+ → \d+$/)).toBeVisible();
    await expect(card.getByRole('list', { name: 'Top reasons' })).toContainText('Sector: CleanTech is in your focus');
    await expect(card.getByText('$1M - $3M')).toBeVisible();
    await setting(investorPage, 'Industry').selectOption('FinTech');
    await expect(investorPage.getByRole('heading', { name: 'No matches found' })).toBeVisible();
    await setting(investorPage, 'Industry').selectOption('CleanTech');
    await expect(card).toBeVisible();
    await search.fill('reykjavik');
    await expect(card).toBeVisible();

    // Decline without a reason; the startup's Pending tab loses the card without a reload.
    await card.getByRole('button', { name: `Decline ${startup.companyName}` }).click();
    const dialog = investorPage.getByRole('dialog');
    await expect(dialog.getByRole('radio', { name: 'Rather not say' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await expectToast(investorPage, 'Match declined');
    await expect(card.getByRole('button', { name: `Reconsider ${startup.companyName}` })).toBeVisible();
    await expect(matchCard(page, investor.firmName)).toBeHidden();
    await page.getByRole('tab', { name: /^Rejected/ }).click();
    await expect(matchCard(page, investor.firmName).getByText('Rejected', { exact: true })).toBeVisible();
    // Who declined, without a reason (none was given, and none shared); only the investor may take it back.
    await expect(matchCard(page, investor.firmName).getByText(`Declined by ${investor.firmName}`, { exact: true })).toBeVisible();
    await expect(matchCard(page, investor.firmName).getByText(/^Their reason/)).toHaveCount(0);
    await expect(matchCard(page, investor.firmName).getByRole('button', { name: /^(Reconsider|Accept) / })).toHaveCount(0);

    // The investor reconsiders (after confirming); the startup's Rejected tab loses the card and
    // Pending has it, asking to connect, live.
    await card.getByRole('button', { name: `Reconsider ${startup.companyName}` }).click();
    await investorPage
      .getByRole('alertdialog', { name: `Connect with ${startup.companyName}?` })
      .getByRole('button', { name: 'Connect', exact: true })
      .click();
    await expectToast(investorPage, 'Match reconsidered');
    await expect(card.getByText(`Waiting for ${startup.companyName}`, { exact: true })).toBeVisible();
    await expect(matchCard(page, investor.firmName)).toBeHidden();
    await page.getByRole('tab', { name: /^Pending/ }).click();
    await expect(matchCard(page, investor.firmName).getByText('Wants to connect with you', { exact: true })).toBeVisible();

    // The startup accepts: connected, and both cards offer Message (the investor's live).
    await matchCard(page, investor.firmName)
      .getByRole('button', { name: `Accept ${investor.firmName}` })
      .click();
    await expectToast(page, 'Match accepted', `You are connected with ${investor.firmName}. You can now message them.`);
    await page.getByRole('tab', { name: /^Accepted/ }).click();
    await expect(matchCard(page, investor.firmName).getByRole('link', { name: `Message ${investor.firmName}` })).toBeVisible();
    await expect(card.getByRole('link', { name: `Message ${startup.companyName}` })).toHaveAttribute('href', `/messages?partner=${startup.id}`);
    await investorPage.context().close();
  });
});

test.describe('dashboards', () => {
  test('both dashboards show the top 3 matches by score, linking to the profile', async ({ page, browser }) => {
    const { startup, investors } = await castForMatching(page);
    await generateViaApi(page);
    // No connection requests here, so the list's first three are the top 3 by score.
    const listed = await page.request.get('/api/matches/startup?limit=3');
    const topThree = ((await listed.json()) as { items: ListedMatch[] }).items;

    await page.goto('/startup/dashboard');
    const card = page.getByRole('region', { name: 'Top Investor Matches' });
    await expect(card.getByRole('listitem')).toHaveCount(3);
    await expect(card.getByRole('link', { name: /^View Profile/ })).toHaveText(topThree.map((match) => `View Profile of ${match.investor.firmName}`));
    await card.getByRole('link', { name: `View Profile of ${topThree[0]!.investor.firmName}` }).click();
    await expect(page).toHaveURL(`/investor/${topThree[0]!.investorId}`);

    const investorPage = await signedInPage(browser, investors[0]!);
    await investorPage.goto('/investor/dashboard');
    const investorCard = investorPage.getByRole('region', { name: 'Top Startup Matches' });
    await expect(investorCard.getByRole('link', { name: `View Profile of ${startup.companyName}` })).toHaveAttribute('href', `/startup/${startup.id}`);
    await investorPage.context().close();
  });
});

test.describe('match screens at 375px and with axe', () => {
  for (const width of [375, 1280]) {
    test(`the startup screen at ${width}px, with cards, details open and the decline dialog: no horizontal scroll, no serious violations`, async ({ page }) => {
      const { tag, investors } = await castForMatching(page);
      await generateViaApi(page);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/startup/investor-matches');
      await setting(page, 'Search').fill(tag);
      await expect(matchList(page).getByRole('article')).toHaveCount(3);
      await matchCard(page, investors[1]!.firmName).getByRole('button', { name: 'Show score details' }).click();
      expect(await hasHorizontalScroll(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);

      const decline = matchCard(page, investors[0]!.firmName).getByRole('button', { name: /^Decline/ });
      await decline.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await hasHorizontalScroll(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      // Cancelling returns focus to the Decline button it came from.
      await expect(decline).toBeFocused();
    });

    test(`the investor screen at ${width}px, with a card and its details open: no horizontal scroll, no serious violations`, async ({ page, browser }) => {
      const { startup, investors } = await castForMatching(page);
      await generateViaApi(page);
      const investorPage = await signedInPage(browser, investors[0]!);
      await investorPage.emulateMedia({ colorScheme: 'light' });
      await investorPage.setViewportSize({ width, height: 900 });
      await investorPage.goto('/investor/startups');
      await setting(investorPage, 'Search').fill(startup.companyName);
      await matchCard(investorPage, startup.companyName).getByRole('button', { name: 'Show score details' }).click();
      await expect(matchCard(investorPage, startup.companyName).getByRole('heading', { level: 5, name: /^Their fit for you/ })).toBeVisible();
      expect(await hasHorizontalScroll(investorPage)).toBe(false);
      expect(await seriousViolations(investorPage)).toEqual([]);
      await investorPage.context().close();
    });
  }

  test('dark mode has no serious violations either', async ({ page }) => {
    const { tag } = await castForMatching(page);
    await generateViaApi(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/startup/investor-matches');
    await setting(page, 'Search').fill(tag);
    await expect(matchList(page).getByRole('article')).toHaveCount(3);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
