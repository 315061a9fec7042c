// The first-start experience (`npm ci && npm start`): a server seeded with the demo, as a new
// user gets it. The demo logins work, and the screens show the demo's real data: explained
// matches, conversations, shared plans, and (issue #8) an investor's analytics with every chart
// drawn from the seeded deal flow and portfolio; and (issue #19) every printed login finds matches
// in every state, conversations, documents and analytics. Runs in the `demo` project against its
// own server.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_INVESTORS, DEMO_PASSWORD, DEMO_STARTUPS } from '../../src/server/demo/demo-data';
import type { InvestorAnalytics } from '../../src/shared/contracts/portfolio';
import { ANALYTICS_CHARTS, loginViaUi } from './helpers';

const CHARTS = ANALYTICS_CHARTS;

async function analyticsOf(request: APIRequestContext, username: string): Promise<InvestorAnalytics> {
  const login = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const response = await request.get('/api/analytics/investor');
  expect(response.status()).toBe(200);
  const analytics = (await response.json()) as InvestorAnalytics;
  await request.post('/api/logout');
  return analytics;
}

test('a demo investor’s analytics draw every chart from the seeded data', async ({ page, playwright, baseURL }) => {
  // The seed decides who accepts and declines by score; pick a demo investor who did both.
  const request = await playwright.request.newContext({ baseURL });
  let chosen: string | undefined;
  for (const investor of DEMO_INVESTORS) {
    const { funnel } = await analyticsOf(request, investor.username);
    if (funnel.accepted > 0 && funnel.declined > 0) {
      chosen = investor.username;
      break;
    }
  }
  await request.dispose();
  expect(chosen, 'some demo investor has both accepted and declined matches').toBeDefined();

  await loginViaUi(page, chosen!, DEMO_PASSWORD);
  await expect(page).toHaveURL('/investor/dashboard');
  await page.getByRole('link', { name: 'Analytics' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  for (const title of CHARTS) {
    const region = page.getByRole('region', { name: title, exact: true });
    await expect(region.locator('[data-chart-canvas] svg.recharts-surface'), title).toBeVisible();
    await expect(region.locator('[data-chart-empty]'), title).toHaveCount(0);
  }
});

test('a demo startup lands on a dashboard with matches, a conversation and a shared plan', async ({ page }) => {
  const startup = DEMO_STARTUPS[0]!;
  await loginViaUi(page, startup.username, DEMO_PASSWORD);
  await expect(page).toHaveURL('/startup/dashboard');
  const topMatches = page.getByRole('region', { name: 'Top Investor Matches' });
  await expect(topMatches.getByRole('listitem').first()).toBeVisible();

  await page.goto('/startup/communications');
  // The seeded first conversation: the investor's reply sits in the thread.
  await expect(page.getByRole('log').getByText(/Could you share your latest deck and metrics in the data room before we talk\?/)).toBeVisible();

  // The plan in progress is the one with the printed fund this founder is connected with.
  await page.goto('/startup/milestones');
  await page.getByLabel('Connected investor').selectOption({ label: DEMO_INVESTORS[0]!.profile.firmName });
  await expect(page.getByText('Due diligence', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Term sheet', { exact: true }).first()).toBeVisible();
});

/** The number on a status tab of the matches screen ("Pending 14"). */
async function tabCount(page: Page, label: 'Pending' | 'Accepted' | 'Rejected'): Promise<number> {
  const tab = page.getByRole('tab', { name: new RegExp(`^${label}`) });
  await expect(tab).toHaveText(new RegExp(`${label}\\s*\\d+`));
  return Number(/(\d+)\s*$/.exec((await tab.textContent()) ?? '')?.[1]);
}

async function expectMatchesInEveryState(page: Page, path: string): Promise<void> {
  for (const [tab, label] of [
    ['pending', 'Pending'],
    ['accepted', 'Accepted'],
    ['rejected', 'Rejected'],
  ] as const) {
    await page.goto(`${path}?tab=${tab}`);
    await expect(page.getByRole('article').first(), `${label} matches`).toBeVisible();
    expect(await tabCount(page, label), `${label} matches`).toBeGreaterThanOrEqual(12);
  }
}

async function expectConversations(page: Page): Promise<void> {
  await page.goto('/messages');
  const conversations = page.getByRole('list', { name: 'Conversations' }).getByRole('button');
  await expect(conversations.first()).toBeVisible();
  expect(await conversations.count()).toBeGreaterThanOrEqual(3);
  // The first conversation opens by itself, with both sides' messages.
  await expect(page.getByRole('log').getByText(/thanks for connecting!/)).toBeVisible();
}

for (const startup of DEMO_STARTUPS) {
  test(`printed startup login ${startup.username}: matches in every state, conversations, a data room and its engagement`, async ({ page }) => {
    await loginViaUi(page, startup.username, DEMO_PASSWORD);
    await expect(page).toHaveURL('/startup/dashboard');
    await expectMatchesInEveryState(page, '/startup/investor-matches');
    // Analytics for a founder: connected investors' engagement with the data room, on their cards.
    await page.goto('/startup/investor-matches?tab=accepted');
    await expect(page.getByText(/Opened \d+ documents?/).first()).toBeVisible();
    await expectConversations(page);

    await page.goto('/startup/data-room');
    const documents = page.getByRole('table', { name: 'Your documents' });
    await expect(documents.getByText(`${startup.profile.companyName} pitch deck`)).toBeVisible();
    await expect(documents.getByText(`${startup.profile.companyName} financial summary`)).toBeVisible();
    await expect(documents.getByText(`${startup.profile.companyName} cap table`)).toBeVisible();
    // Shared with the connections, and opened by them.
    await expect(documents.getByText(/\d+ views?/).first()).toBeVisible();
  });
}

for (const investor of DEMO_INVESTORS) {
  test(`printed investor login ${investor.username}: matches in every state, conversations, shared documents and analytics`, async ({ page }) => {
    await loginViaUi(page, investor.username, DEMO_PASSWORD);
    await expect(page).toHaveURL('/investor/dashboard');
    await expectMatchesInEveryState(page, '/investor/startups');
    await expectConversations(page);

    await page.goto('/investor/documents');
    const shared = page.getByRole('table', { name: 'Documents shared with you' });
    await expect(shared.getByText(/pitch deck/).first()).toBeVisible();

    await page.goto('/investor/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    for (const title of CHARTS) {
      const region = page.getByRole('region', { name: title, exact: true });
      await expect(region.locator('[data-chart-canvas] svg.recharts-surface'), title).toBeVisible();
      await expect(region.locator('[data-chart-empty]'), title).toHaveCount(0);
    }
  });
}
