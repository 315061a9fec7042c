// The first-start experience (`npm ci && npm start`): a server seeded with the demo, as a new
// user gets it. The demo logins work, and the screens show the demo's real data: explained
// matches, conversations, shared plans, and (issue #8) an investor's analytics with every chart
// drawn from the seeded deal flow and portfolio. Runs in the `demo` project against its own server.
import { expect, test, type APIRequestContext } from '@playwright/test';
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
  await expect(page.getByText('Could you share your latest deck and metrics in the data room before we talk?')).toBeVisible();

  await page.goto('/startup/milestones');
  await expect(page.getByText('Due diligence', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Term sheet', { exact: true }).first()).toBeVisible();
});
