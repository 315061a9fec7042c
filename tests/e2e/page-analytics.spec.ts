// Page-level analytics in the browser (issue #21): an investor reads pages 1 and 2 of a shared
// 3-page PDF in the platform viewer, which sends the time per page as the preview closes; the
// founder's analytics for the document then say "2 of 3 pages", with a heatmap that has a text
// alternative, the drop-off page marked, and the investor's path, at 375px with no axe violations.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { drawablePdfBytes } from '../support/document-fixtures';
import {
  connectViaApi,
  hasHorizontalScroll,
  registerViaApi,
  saveInvestorProfileViaApi,
  saveStartupProfileViaApi,
  seriousViolations,
  STARTUP_PROFILE,
  type RegisteredUser,
} from './helpers';

/** Longer than PAGE_SEEN_MIN_MS (1 s), so each page counts as seen: a real wait, not an assertion on time. */
const READING_MS = 1500;

async function investorPageFor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: test.info().project.use.viewport ?? undefined });
  return context.newPage();
}

async function connectedPair(page: Page, browser: Browser): Promise<{ investor: RegisteredUser; investorPage: Page; firmName: string }> {
  await registerViaApi(page, 'startup');
  await saveStartupProfileViaApi(page);
  const investorPage = await investorPageFor(browser);
  const investor = await registerViaApi(investorPage, 'investor');
  const firmName = `Folio Capital ${investor.username.slice(-6)}`;
  await saveInvestorProfileViaApi(investorPage, {
    firmName,
    location: STARTUP_PROFILE.location,
    industryFocus: [STARTUP_PROFILE.industry],
    stagePreference: [STARTUP_PROFILE.stage],
    investmentRange: ['$1M - $3M'],
    investmentThesis: 'We back FinTech analytics companies at Series A with strong technical teams in Berlin.',
  });
  await connectViaApi(page, investor, investorPage);
  return { investor, investorPage, firmName };
}

test('the investor reads pages 1 and 2 of 3; the founder sees "2 of 3 pages", the heatmap and the path', async ({ page, browser }) => {
  const { investor, investorPage, firmName } = await connectedPair(page, browser);
  const name = 'Three page deck';
  const uploaded = await page.request.post('/api/documents', {
    multipart: { type: 'Pitch Deck', name, file: { name: 'deck.pdf', mimeType: 'application/pdf', buffer: drawablePdfBytes(3) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { id: documentId } = (await uploaded.json()) as { id: number };
  expect((await page.request.post(`/api/documents/${documentId}/access`, { data: { userId: investor.id } })).status()).toBe(201);

  // Before anyone opens it, the analytics say so.
  await page.goto('/startup/data-room');
  await page.getByRole('button', { name: `Analytics for ${name}` }).click();
  const analytics = page.getByRole('dialog', { name: `Analytics for "${name}"` });
  await expect(analytics.getByText('No one has opened this document yet.', { exact: false })).toBeVisible();
  await analytics.getByRole('button', { name: 'Close analytics' }).click();
  await expect(page).toHaveURL('/startup/data-room');

  // The investor reads page 1, then page 2, and closes the preview.
  await investorPage.goto('/investor/documents');
  await investorPage.getByRole('button', { name: `Preview ${name}` }).click();
  const preview = investorPage.getByRole('dialog', { name });
  await expect(preview.getByText('Page 1 of 3')).toBeVisible();
  await expect(preview.locator('canvas')).toBeVisible();
  await investorPage.waitForTimeout(READING_MS);
  await preview.getByRole('button', { name: 'Next page' }).click();
  await expect(preview.getByText('Page 2 of 3')).toBeVisible();
  await investorPage.waitForTimeout(READING_MS);
  const pageTime = investorPage.waitForRequest(
    (request) => request.method() === 'POST' && new RegExp(`/api/documents/${documentId}/views/\\d+/pages$`).test(new URL(request.url()).pathname),
  );
  await preview.getByRole('button', { name: 'Close preview' }).click();
  // Sent as the preview closes (a beacon: Playwright sees the request but not its Blob body).
  await pageTime;

  // The beacon lands on its own time: wait until the server has it.
  await expect
    .poll(async () => {
      const insight = (await (await page.request.get(`/api/documents/${documentId}/insight`)).json()) as { viewers: { pagesSeen: number }[] };
      return insight.viewers[0]?.pagesSeen ?? 0;
    })
    .toBe(2);

  // The match card sums it up as a completion rate.
  await page.goto('/startup/investor-matches?tab=accepted');
  await expect(page.getByText(/^Read 2 of 3 pages · \d+s · last /)).toBeVisible();

  // The founder, on a phone, opens the document's analytics from its row.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/startup/data-room');
  await page.getByRole('button', { name: `Analytics for ${name}` }).click();
  await expect(page).toHaveURL(`/startup/data-room?analytics=${documentId}`);
  await expect(analytics.getByText(firmName, { exact: false }).first()).toBeVisible();
  await expect(analytics.getByText('2 of 3 pages')).toBeVisible();

  // The heatmap is a table (its text alternative) with a summary sentence, and page 2 is the drop-off.
  const heatmap = analytics.getByRole('table', { name: /Average time on each page/ });
  await expect(heatmap.getByRole('row')).toHaveCount(4);
  await expect(heatmap.getByRole('rowheader', { name: /^2\s*Drop-off$/ })).toBeVisible();
  await expect(analytics.getByTestId('heatmap-summary')).toContainText('Most readers stopped after page 2.');

  // The investor's path: the one view, pages 1 and 2 in order.
  const path = analytics.getByRole('list', { name: /views, newest first/ });
  await expect(path.getByRole('list', { name: 'Pages read, in page order' }).getByRole('listitem')).toHaveText([/^Page 1: \ds$/, /^Page 2: \ds$/]);

  expect(await hasHorizontalScroll(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard: Escape closes it and leaves the data room's own address.
  await page.keyboard.press('Escape');
  await expect(analytics).toBeHidden();
  await expect(page).toHaveURL('/startup/data-room');
});
