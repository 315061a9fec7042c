// Dates and money in the browser's locale (issue #15): the same data reads 24/11/2030 and
// "US$2.5m" in en-GB, 11/24/2030 and "$2.5M" in en-US. And a day heading turns from "Today" into
// "Yesterday" at midnight without a reload (the shared ticking clock, lib/relative-time.tsx).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { connectViaApi, newParty, registerViaApi, saveInvestorProfileViaApi } from './helpers';

// Profiles that fit each other closely, so generation ranks this investor near the top for this
// startup even when other journeys have filled the database with investors.
const STARTUP = {
  companyName: 'Tejo Robotics',
  location: 'Lisbon, Portugal',
  stage: 'Pre-seed',
  industry: 'Manufacturing',
  description: 'Tejo Robotics builds low-cost welding robots for small Portuguese metal workshops.',
};
const INVESTOR = {
  firmName: 'Atlantico Partners',
  location: 'Lisbon, Portugal',
  description: 'A Lisbon pre-seed fund for industrial and manufacturing technology.',
  investmentThesis: 'We back pre-seed Manufacturing and Hardware founders automating European factories.',
  industryFocus: ['Manufacturing', 'Hardware'],
  stagePreference: ['Pre-seed'],
  investmentRange: ['$500K - $1M'],
};

/** The investor on `page`, connected to a startup, with one dated milestone and one investment. */
async function investorWithDates(page: Page, browser: Browser): Promise<{ startupId: number }> {
  const investor = await registerViaApi(page, 'investor');
  await saveInvestorProfileViaApi(page, INVESTOR);
  const startup = await newParty(browser, 'startup', STARTUP);
  await connectViaApi(startup.page, investor, page);
  await startup.context.close();

  const milestone = await page.request.post('/api/milestones', { data: { title: 'Term sheet signed', date: '2030-11-24', startupId: startup.user.id } });
  expect(milestone.status(), await milestone.text()).toBe(201);
  const company = await page.request.post('/api/portfolio', {
    data: {
      companyName: 'Quayside Labs',
      industry: 'SaaS',
      stage: 'Seed',
      investmentDate: '2025-11-24',
      investmentAmount: 2_500_000,
      performance: 'growing',
      description: 'Workflow software for harbour logistics teams.',
    },
  });
  expect(company.status(), await company.text()).toBe(201);
  return { startupId: startup.user.id };
}

const LOCALES = [
  { locale: 'en-GB', milestoneDate: '24/11/2030', investmentDate: '24 Nov 2025', compact: 'US$2.5m', full: 'US$2,500,000' },
  { locale: 'en-US', milestoneDate: '11/24/2030', investmentDate: 'Nov 24, 2025', compact: '$2.5M', full: '$2,500,000' },
] as const;

for (const expected of LOCALES) {
  test.describe(`in ${expected.locale}`, () => {
    test.use({ locale: expected.locale });

    test('milestone and investment dates and amounts follow the locale', async ({ page, browser }) => {
      const { startupId } = await investorWithDates(page, browser);

      await page.goto(`/investor/milestones?partner=${startupId}`);
      await expect(page.getByText('Term sheet signed')).toBeVisible();
      await expect(page.getByText(expected.milestoneDate, { exact: true }).first()).toBeVisible();

      await page.goto('/investor/portfolio');
      const card = page.getByRole('article').filter({ hasText: 'Quayside Labs' });
      await expect(card.getByText(expected.investmentDate, { exact: true })).toBeVisible();
      await expect(card.getByText(expected.compact, { exact: true })).toBeVisible();
      // Screen readers hear the whole amount, with its currency.
      await expect(card.getByText(expected.full, { exact: true })).toHaveClass(/sr-only/);
    });
  });
}

test('a day heading turns from Today to Yesterday at midnight, without a reload', async ({ page }) => {
  await page.clock.install({ time: new Date() });
  await registerViaApi(page, 'startup');
  await page.goto('/activity');
  const headings = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(headings.first()).toHaveText('Today');

  await page.clock.fastForward('24:00:00');
  await expect(headings.first()).toHaveText('Yesterday');
});
