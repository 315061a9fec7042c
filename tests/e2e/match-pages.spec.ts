// The match list in pages (issue #16; docs/matching.md, "Pages"): a startup with more than a page
// of matches sees 20, then the rest from "Load more matches" (progress, a failed page with its
// retry, and focus moving to the first new card), with the tabs' counts from the server, and a
// search that narrows the list on the server.
//
// The e2e database is shared by every test running in parallel, so this test's investors carry a
// unique tag and a sector and city nobody else uses (Media in Tartu), and the counts are read
// under a search for the tag.
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { registerViaApi, uniqueUsername } from './helpers';

// 26 registrations and a generation before the first look: generous on a loaded machine.
test.describe.configure({ timeout: 120_000 });

const INVESTORS = 25;
/** Every fifth investor is a "Lava" fund: the narrowed search finds these. */
const isLava = (index: number) => index % 5 === 0;

function investorProfile(firmName: string) {
  return {
    firmName,
    website: '',
    location: 'Tartu, Estonia',
    foundingDate: '',
    description: 'A media fund backing Baltic founders of newsrooms and creator tools.',
    investmentThesis: 'We back media software for newsrooms and creators at seed: subscriptions, audio and local news in the Baltics.',
    portfolioSize: 12,
    industryFocus: ['Media'],
    stagePreference: ['Seed', 'Series A'],
    investmentRange: ['$1M - $3M'],
  };
}

/** Registers the investors and then the startup; `page` ends signed in as the startup. Returns the tag. */
async function startupWithManyMatches(page: Page): Promise<{ tag: string; lavaFirms: string[]; declined: string }> {
  const tag = uniqueUsername('').slice(-8);
  const firms = Array.from({ length: INVESTORS }, (_, index) => `${tag} ${isLava(index) ? 'Lava' : 'Birch'} Media Fund ${String(index + 1).padStart(2, '0')}`);
  for (const firmName of firms) {
    await registerViaApi(page, 'investor');
    const saved = await page.request.put('/api/investor/profile', { data: investorProfile(firmName) });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  await registerViaApi(page, 'startup');
  const saved = await page.request.put('/api/startup/profile', {
    data: {
      companyName: `Tartu Newsroom ${tag}`,
      website: '',
      location: 'Tartu, Estonia',
      foundingDate: '',
      stage: 'Seed',
      industry: 'Media',
      description: 'Subscription software for local newsrooms and creators in the Baltics: paywalls, audio and newsletters in one tool.',
      teamSize: 6,
      fundingGoal: 1_000_000,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const generated = await page.request.post('/api/generate-matches');
  expect(generated.status(), await generated.text()).toBe(200);

  // One declined, so the tabs differ.
  const declined = firms[1]!;
  const listed = await page.request.get(`/api/matches/startup?search=${encodeURIComponent(declined)}`);
  const { items } = (await listed.json()) as { items: Array<{ id: number }> };
  expect(items, `a match with ${declined}`).toHaveLength(1);
  const decided = await page.request.post(`/api/matches/${items[0]!.id}/update`, { data: { status: 'rejected' } });
  expect(decided.status(), await decided.text()).toBe(200);
  return { tag, lavaFirms: firms.filter((_, index) => isLava(index)), declined };
}

/**
 * Serious axe findings in the list's foot (the button, its progress and its error) only: the rest
 * of the screen is scanned in matching.spec.ts, and a whole-page scan of 20 cards is slow.
 */
async function footViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main ol + div').analyze();
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
}

test('more than a page of matches: 20 first, the rest from "Load more matches", counts and search from the server', async ({ page }) => {
  const { tag, lavaFirms, declined } = await startupWithManyMatches(page);
  const cards = page.getByRole('list', { name: /matches, best first$/ }).getByRole('article');
  const loadMore = page.getByRole('button', { name: 'Load more matches' });
  const search = page.getByRole('search', { name: 'Match Settings' }).getByLabel('Search', { exact: true });

  await page.goto('/startup/investor-matches');
  // The searched list has arrived (the search waits for typing to pause): on a fresh database the
  // unsearched list has the same counts, and its next page would be the one the button loads.
  const searched = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/matches/startup' && url.searchParams.get('search') === tag && !url.searchParams.has('cursor');
  });
  await search.fill(tag);
  await searched;
  await expect(page.getByRole('tab', { name: /^All/ })).toHaveAccessibleName(`All ${INVESTORS}`);
  await expect(page.getByRole('tab', { name: /^Pending/ })).toHaveAccessibleName(`Pending ${INVESTORS - 1}`);
  await expect(page.getByRole('tab', { name: /^Rejected/ })).toHaveAccessibleName('Rejected 1');
  await expect(page.getByText(new RegExp(`^Showing ${INVESTORS} of \\d+ matches\\.$`))).toBeVisible();
  await expect(cards).toHaveCount(20);
  await expect(page.getByText(`20 of ${INVESTORS} matches loaded.`)).toBeVisible();

  // The button, from the keyboard. The next page is held until Enter is pressed (focusing the
  // button scrolls the end of the list into view, which starts loading it too), so its progress
  // shows; the first try fails, and the button (still focused) offers the retry. Then the page is
  // appended and focus moves to its first card.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let nextPageRequests = 0;
  await page.route(
    (url) => url.pathname === '/api/matches/startup' && url.searchParams.has('cursor'),
    async (route) => {
      nextPageRequests += 1;
      if (nextPageRequests > 1) return route.continue();
      await released;
      return route.fulfill({ status: 503 });
    },
  );
  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Loading more matches…' })).toBeFocused();
  release();
  await expect(page.getByRole('alert').filter({ hasText: "We couldn't load more matches." })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try loading more matches again' })).toBeFocused();
  expect(await footViolations(page)).toEqual([]);
  await expect(cards).toHaveCount(20);
  await page.keyboard.press('Enter');
  await expect(cards).toHaveCount(INVESTORS);
  await expect(cards.nth(20)).toBeFocused();
  await expect(loadMore).toBeHidden();
  await expect(page.getByRole('article', { name: declined, exact: true }).getByText('Rejected', { exact: true })).toBeVisible();

  // A narrower search goes to the server (the page does not filter what it has).
  const narrowed = page.waitForRequest((request) => new URL(request.url()).searchParams.get('search') === `${tag} lava`);
  await search.fill(`${tag} lava`);
  await narrowed;
  await expect(cards).toHaveCount(lavaFirms.length);
  await expect(page.getByRole('tab', { name: /^All/ })).toHaveAccessibleName(`All ${lavaFirms.length}`);
  for (const firmName of lavaFirms) await expect(page.getByRole('article', { name: firmName, exact: true })).toBeVisible();
  await expect(loadMore).toBeHidden();
});
