// Investor analytics (issue #8). The e2e server starts with an empty database, so the test builds
// what the charts need through the API, the way users would: profiles, generated matches, an
// accepted and a declined match (with a reason), a message, a shared document that the investor
// opens, and portfolio companies. Then every chart must be drawn from that data, with its summary
// and data table; a new investor sees every chart's empty state; 375px and axe in both themes.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { InvestorAnalytics } from '../../src/shared/contracts/portfolio';
import { pdfBytes } from '../support/document-fixtures';
import {
  ANALYTICS_CHARTS,
  acceptMatchAs,
  connectViaApi,
  hasHorizontalScroll,
  newParty,
  registerViaApi,
  saveInvestorProfileViaApi,
  seriousViolations,
  type RegisteredUser,
} from './helpers';

const CHARTS = ANALYTICS_CHARTS;

const chart = (page: Page, title: (typeof CHARTS)[number]) => page.getByRole('region', { name: title, exact: true });

/** The chart's data table as text, header row first. */
async function tableOf(region: Locator): Promise<string[][]> {
  return region
    .getByRole('table')
    .evaluate((table: HTMLTableElement) => [...table.rows].map((row) => [...row.cells].map((cell) => cell.textContent?.trim() ?? '')));
}

/** Generates the startup's matches, then the investor decides on the one with them. Returns the match id. */
async function investorDecides(
  startup: Page,
  investorPage: Page,
  startupId: number,
  decision: { status: 'accepted' | 'rejected'; reason?: string },
): Promise<number> {
  const generated = await startup.request.post('/api/generate-matches');
  expect(generated.status(), await generated.text()).toBe(200);
  const listed = (await (await investorPage.request.get('/api/matches/investor?limit=100')).json()) as { items: Array<{ id: number; startupId: number }> };
  const matches = listed.items;
  const match = matches.find((candidate) => candidate.startupId === startupId);
  expect(match, 'the startup’s generated matches include this investor').toBeDefined();
  const decided = await investorPage.request.post(`/api/matches/${match!.id}/update`, { data: decision });
  expect(decided.status(), await decided.text()).toBe(200);
  return match!.id;
}

async function buildDealFlow(page: Page, browser: Browser): Promise<RegisteredUser> {
  const investor = await registerViaApi(page, 'investor');
  await saveInvestorProfileViaApi(page, { industryFocus: ['FinTech', 'SaaS', 'AI/ML'], stagePreference: ['Seed', 'Series A'] });

  // Accepted by the startup, then the investor (the connectViaApi journey), with a message and an opened document.
  const ledger = await newParty(browser, 'startup', { companyName: 'Ledger Lane', industry: 'FinTech', stage: 'Series A' });
  await connectViaApi(ledger.page, investor, page);
  const sent = await page.request.post('/api/messages', {
    data: { receiverId: ledger.user.id, content: 'Thanks for connecting. Could you share your latest deck?' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const uploaded = await ledger.page.request.post('/api/documents', {
    multipart: { file: { name: 'deck.pdf', mimeType: 'application/pdf', buffer: pdfBytes() }, name: 'Ledger Lane deck', type: 'Pitch Deck' },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const documentId = ((await uploaded.json()) as { id: number }).id;
  const granted = await ledger.page.request.post(`/api/documents/${documentId}/access`, { data: { userId: investor.id } });
  expect(granted.status(), await granted.text()).toBe(201);
  const opened = await page.request.post(`/api/documents/${documentId}/views`);
  expect(opened.status(), await opened.text()).toBe(201);
  await ledger.context.close();

  // Declined by the investor, for stage; and accepted by the investor, then by the startup too
  // (an accepted match is a connection: both said yes).
  const cloud = await newParty(browser, 'startup', { companyName: 'Cloudpipe', industry: 'SaaS', stage: 'Seed' });
  await investorDecides(cloud.page, page, cloud.user.id, { status: 'rejected', reason: 'stage' });
  await cloud.context.close();
  const mindful = await newParty(browser, 'startup', { companyName: 'Mindful Models', industry: 'AI/ML', stage: 'Seed' });
  const mindfulMatch = await investorDecides(mindful.page, page, mindful.user.id, { status: 'accepted' });
  await acceptMatchAs(mindful.page, null, mindfulMatch);
  await mindful.context.close();

  for (const company of [
    {
      companyName: 'Nimbus Health',
      industry: 'HealthTech',
      stage: 'Seed',
      investmentDate: '2025-06-30',
      investmentAmount: 2_500_000,
      description: 'Remote monitoring for cardiac patients.',
      performance: 'growing',
    },
    {
      companyName: 'Paystream',
      industry: 'FinTech',
      stage: 'Series A',
      investmentDate: '2024-02-10',
      investmentAmount: 750_000,
      description: 'Payments infrastructure for marketplaces.',
      performance: 'declining',
    },
  ]) {
    const added = await page.request.post('/api/portfolio', { data: company });
    expect(added.status(), await added.text()).toBe(201);
  }
  return investor;
}

/** Opens the screen and returns the analytics the page itself was given, so the test compares against exactly what it rendered. */
async function openAnalytics(page: Page): Promise<InvestorAnalytics> {
  const response = page.waitForResponse(
    (candidate) => new URL(candidate.url()).pathname === '/api/analytics/investor' && candidate.request().method() === 'GET',
  );
  await page.goto('/investor/analytics');
  const analytics = (await (await response).json()) as InvestorAnalytics;
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  return analytics;
}

test.describe('investor analytics', () => {
  test('draws every chart from real data, each with its summary and data table', async ({ page, browser }) => {
    test.slow();
    await buildDealFlow(page, browser);
    const analytics = await openAnalytics(page);

    // Matches from other tests' startups may also reach this investor as pending suggestions, so
    // those counts are checked against what the page received; everything this test decided is exact.
    const { funnel } = analytics;
    expect(funnel).toMatchObject({ accepted: 2, declined: 1, declineReasons: [{ label: 'Not my stage', count: 1 }] });
    expect(funnel.suggested).toBe(funnel.accepted + funnel.declined + funnel.pending);

    for (const title of CHARTS) {
      const region = chart(page, title);
      await expect(region.locator('[data-chart-canvas] svg.recharts-surface'), title).toBeVisible();
      await expect(region.locator('[data-chart-empty]'), title).toHaveCount(0);
      await expect(region.locator('figure figcaption'), title).not.toBeEmpty();
    }

    // Other tests' startups may generate matches with this investor at any moment, and the screen
    // refreshes live, so the suggested and pending counts are read from the page: the table and the
    // caption must agree with each other and with what this test decided.
    await expect(async () => {
      const rows = await tableOf(chart(page, 'Match funnel'));
      const suggested = Number(rows[1]![1]);
      const pending = Number(rows[4]![1]);
      expect(rows).toEqual([
        ['Stage', 'Startups'],
        ['Suggested', String(suggested)],
        ['Accepted', '2'],
        ['Declined', '1'],
        ['Awaiting decision', String(pending)],
      ]);
      expect(suggested).toBe(2 + 1 + pending);
      await expect(chart(page, 'Match funnel').locator('figcaption')).toHaveText(
        `${suggested} startups suggested: 2 accepted (${Math.round((2 / suggested) * 100)}%), 1 declined, ${pending} awaiting your decision.`,
        { timeout: 1_000 },
      );
    }).toPass();
    expect(await chart(page, 'Match funnel').locator('.recharts-bar-rectangle').count()).toBeGreaterThanOrEqual(3);

    expect(await tableOf(chart(page, 'Decline reasons'))).toEqual([
      ['Reason', 'Matches'],
      ['Not my stage', '1'],
    ]);
    await expect(chart(page, 'Decline reasons').locator('figcaption')).toHaveText('1 match declined; the most common reason is “Not my stage” (1).');

    // Every suggested match falls in one score bucket (both read in one pass: the page may refresh).
    await expect(async () => {
      const scores = await tableOf(chart(page, 'Match scores'));
      const funnelRows = await tableOf(chart(page, 'Match funnel'));
      expect(scores[0]).toEqual(['Score', 'Matches']);
      expect(scores.slice(1).map((row) => row[0])).toEqual(['0–9', '10–19', '20–29', '30–39', '40–49', '50–59', '60–69', '70–79', '80–89', '90–100']);
      expect(scores.slice(1).reduce((sum, row) => sum + Number(row[1]), 0)).toBe(Number(funnelRows[1]![1]));
    }).toPass();

    expect(await tableOf(chart(page, 'Accepted startups by industry'))).toEqual([
      ['Industry', 'Startups'],
      ['AI/ML', '1'],
      ['FinTech', '1'],
    ]);
    // Stages in the spec's order.
    expect(await tableOf(chart(page, 'Accepted startups by stage'))).toEqual([
      ['Stage', 'Startups'],
      ['Seed', '1'],
      ['Series A', '1'],
    ]);

    const weeks = await tableOf(chart(page, 'Weekly activity'));
    expect(weeks[0]).toEqual(['Week of', 'Messages sent', 'Documents viewed']);
    expect(weeks).toHaveLength(13);
    expect(weeks.at(-1)?.slice(1)).toEqual(['1', '1']);
    await expect(chart(page, 'Weekly activity').locator('.recharts-line-curve')).toHaveCount(2);

    expect(await tableOf(chart(page, 'Portfolio by industry'))).toEqual([
      ['Industry', 'Companies', 'Invested'],
      ['HealthTech', '1', '$2.5M'],
      ['FinTech', '1', '$750K'],
    ]);
    expect(await tableOf(chart(page, 'Portfolio by performance'))).toEqual([
      ['Performance', 'Companies'],
      ['Growing', '1'],
      ['Declining', '1'],
    ]);
    await expect(chart(page, 'Portfolio by performance').locator('.recharts-pie-sector')).toHaveCount(2);

    // The summary row.
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText(/Acceptance Rate\s*67%\s*2 accepted of 3 decided/);

    // Anyone can swap a chart for its table, and back.
    const funnelCard = chart(page, 'Match funnel');
    await funnelCard.getByRole('button', { name: 'Show table for Match funnel' }).click();
    await expect(funnelCard.getByRole('table')).toBeVisible();
    await expect(funnelCard.locator('[data-chart-canvas]')).toHaveCount(0);
    await funnelCard.getByRole('button', { name: 'Show chart for Match funnel' }).click();
    await expect(funnelCard.locator('[data-chart-canvas] svg.recharts-surface')).toBeVisible();
  });

  test('follows the theme, passes axe in light and dark, and fits 375px', async ({ page, browser }) => {
    test.slow();
    await buildDealFlow(page, browser);
    const barFill = () =>
      chart(page, 'Portfolio by industry')
        .locator('.recharts-bar-rectangle path')
        .first()
        .evaluate((bar) => getComputedStyle(bar).fill);
    const fills: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await openAnalytics(page);
      await expect(chart(page, 'Portfolio by industry').locator('.recharts-bar-rectangle path')).toHaveCount(2);
      fills.push(await barFill());
      expect(await seriousViolations(page), scheme).toEqual([]);
    }
    // The bars take the theme's primary colour, which differs between light and dark.
    expect(fills[0]).not.toEqual(fills[1]);

    await page.setViewportSize({ width: 375, height: 800 });
    await openAnalytics(page);
    for (const title of CHARTS) await expect(chart(page, title).locator('svg.recharts-surface'), title).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('shows each chart’s empty state to a new investor', async ({ page }) => {
    // No profile: matching cannot reach this investor, so nothing can appear while the test runs.
    await registerViaApi(page, 'investor');
    await page.emulateMedia({ colorScheme: 'light' });
    await openAnalytics(page);
    const empties: Record<(typeof CHARTS)[number], string> = {
      'Match funnel': 'No matches yet',
      'Decline reasons': 'No declined matches',
      'Match scores': 'No match scores yet',
      'Accepted startups by industry': 'No accepted startups yet',
      'Accepted startups by stage': 'No accepted startups yet',
      'Weekly activity': 'No activity in the last 12 weeks',
      'Portfolio by industry': 'No portfolio companies',
      'Portfolio by performance': 'No portfolio companies',
    };
    for (const title of CHARTS) {
      await expect(chart(page, title).locator('[data-chart-empty]'), title).toContainText(empties[title]);
      await expect(chart(page, title).locator('svg.recharts-surface'), title).toHaveCount(0);
    }
    await expect(chart(page, 'Match funnel').getByRole('link', { name: 'Browse startups' })).toHaveAttribute('href', '/investor/startups');
    await expect(chart(page, 'Portfolio by industry').getByRole('link', { name: 'Open portfolio' })).toHaveAttribute('href', '/investor/portfolio');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    // Measured once the page has laid itself out at the new width (the charts' containers resize
    // on their own observer, a frame or two later).
    await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
  });
});
