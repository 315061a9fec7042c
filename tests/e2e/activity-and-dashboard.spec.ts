// The activity feed (/activity) and the dashboards' live widgets: stat cards, Profile
// Completion with its checklist links, Recent Activity, and the top matches.
import { expect, test, type Page } from '@playwright/test';
import {
  INVESTOR_PROFILE,
  STARTUP_PROFILE,
  expectToast,
  registerCounterpart,
  registerViaApi,
  saveInvestorProfileViaApi,
  saveStartupProfileViaApi,
} from './helpers';

function feedRows(page: Page) {
  return page.getByRole('main').locator('section li');
}

test.describe('activity feed', () => {
  test('shows account, profile and viewed-profile entries newest first, and loads more pages', async ({ page, browser }) => {
    const investor = await registerCounterpart(browser, 'investor');

    await registerViaApi(page, 'startup');
    // 1 account + 1 created + 21 updates + 1 view = 24 entries: more than one page of 20.
    for (let index = 0; index < 22; index++) await saveStartupProfileViaApi(page);
    const view = await page.request.get(`/api/investors/${investor.id}`);
    expect(view.status()).toBe(200);

    await page.goto('/activity');
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Today' })).toBeVisible();
    await expect(feedRows(page)).toHaveCount(20);
    // Newest first: the profile view is on top, with its own icon.
    await expect(feedRows(page).first()).toContainText(`Viewed ${INVESTOR_PROFILE.firmName}'s profile`);
    await expect(feedRows(page).first().locator('[data-activity-type="viewed_profile"] svg')).toBeVisible();
    await expect(feedRows(page).nth(1)).toContainText('Updated your company profile');
    await expect(page.getByText('Created your VentureMatch account')).toBeHidden();

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(feedRows(page)).toHaveCount(24);
    await expect(feedRows(page).last()).toContainText('Created your VentureMatch account');
    await expect(feedRows(page).nth(22)).toContainText('Created your company profile');
    await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();
    await expect(page.getByText("That's all of your activity.")).toBeVisible();
  });

  test('shows an error with a retry when the feed cannot load', async ({ page }) => {
    await registerViaApi(page, 'investor');
    await page.route('**/api/activities*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable.' }) }),
    );
    await page.goto('/activity');
    await expect(page.getByText('Error loading activities')).toBeVisible();
    await expect(page.getByText('Service unavailable.')).toBeVisible();

    await page.unroute('**/api/activities*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(feedRows(page)).toHaveCount(1);
    await expect(feedRows(page).first()).toContainText('Created your VentureMatch account');
  });
});

test.describe('dashboards', () => {
  test('a new startup sees honest zeros, 0% with the full checklist, and its first activity', async ({ page }) => {
    await registerViaApi(page, 'startup');
    // Hold the activity request to see the loading state, then let it through.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/activities*', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/startup/dashboard');
    await expect(page.getByText('Welcome back, Ada', { exact: true })).toBeVisible();
    const recent = page.getByRole('region', { name: 'Recent Activity' });
    await expect(recent.getByRole('status', { name: 'Loading recent activity' }).getByTestId('activity-skeleton-row')).toHaveCount(4);
    release();
    await expect(recent.getByRole('listitem')).toHaveCount(1);
    await expect(recent.getByText('Created your VentureMatch account')).toBeVisible();
    await expect(recent.getByText('just now')).toBeVisible();

    // Stat cards: a zero always comes with what to do about it.
    const stats = page.getByRole('region', { name: 'At a glance' });
    await expect(stats.getByRole('heading', { level: 3 })).toHaveText(['Average Match Score', 'Potential Matches', 'Shared Documents', 'Active Conversations']);
    await expect(stats.getByText('0%', { exact: true })).toBeVisible();
    await expect(stats.getByRole('link', { name: 'Generate matches to see your score' })).toHaveAttribute('href', '/startup/investor-matches');
    await expect(stats.getByText('Nothing shared with investors yet')).toBeVisible();

    const completion = page.getByRole('region', { name: 'Profile Completion' });
    await expect(completion.getByRole('progressbar', { name: 'Profile completion' })).toHaveAttribute('aria-valuenow', '0');
    await expect(completion.getByText('0%', { exact: true })).toBeVisible();
    const checklist = completion.getByRole('list', { name: 'Profile checklist' });
    await expect(checklist.getByRole('link')).toHaveText([
      'Company Information (to do)',
      'Company Description (to do)',
      'Stage and Industry (to do)',
      'Funding Goal (to do)',
      'Team Members (to do)',
      'Investor Preferences (to do)',
    ]);

    const matches = page.getByRole('region', { name: 'Top Investor Matches' });
    await expect(matches.getByRole('heading', { name: 'No matches found' })).toBeVisible();
    await expect(matches.getByRole('link', { name: 'Go to investor matches' })).toHaveAttribute('href', '/startup/investor-matches');
    await expect(page.getByRole('region', { name: 'Data Room' }).getByRole('heading', { name: 'No documents' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Milestones' })).toBeVisible();

    await recent.getByRole('link', { name: 'View all activity' }).click();
    await expect(page).toHaveURL('/activity');
  });

  test('saving the profile updates completion and recent activity, and checklist links open the right tab', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await page.goto('/startup/dashboard');
    const completion = page.getByRole('region', { name: 'Profile Completion' });
    await expect(completion.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    // Save through the UI, then come back through the sidebar (no reload): the cache is refreshed.
    await completion.getByRole('link', { name: 'Company Information (to do)' }).click();
    await expect(page).toHaveURL('/startup/profile');
    await page.getByRole('button', { name: 'Complete your profile' }).click();
    const form = page.getByRole('form', { name: 'Edit profile information' });
    await form.getByLabel('Company Name').fill(STARTUP_PROFILE.companyName);
    await form.getByLabel('Location').fill(STARTUP_PROFILE.location);
    await form.getByLabel('Stage', { exact: true }).selectOption('Seed');
    await form.getByLabel('Industry', { exact: true }).selectOption('SaaS');
    await form.getByLabel('Team Size').selectOption({ label: '1-5' });
    await form.getByLabel('Funding Goal').selectOption({ label: '< $100K' });
    await form.getByLabel('Description').fill(STARTUP_PROFILE.description);
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Profile updated', 'Your profile has been updated successfully.');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    // Required fields only: 70% (docs/profiles.md).
    await expect(completion.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '70');
    await expect(completion.getByText('70%', { exact: true })).toBeVisible();
    await expect(completion.getByText('4 of 6 done')).toBeVisible();
    await expect(completion.getByRole('link', { name: /\(to do\)$/ })).toHaveText(['Team Members (to do)', 'Investor Preferences (to do)']);
    const recent = page.getByRole('region', { name: 'Recent Activity' });
    await expect(recent.getByRole('listitem').first()).toContainText('Created your company profile');

    await completion.getByRole('link', { name: 'Team Members (to do)' }).click();
    await expect(page).toHaveURL('/startup/profile?tab=team');
    await expect(page.getByRole('tab', { name: 'Team Members' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'No team members yet' })).toBeVisible();
  });

  test('an investor dashboard shows its own cards and checklist links', async ({ page }) => {
    await registerViaApi(page, 'investor');
    await saveInvestorProfileViaApi(page, { investmentThesis: 'A thesis that is long enough.', industryFocus: [], stagePreference: [], investmentRange: [] });
    await page.goto('/investor/dashboard');
    const stats = page.getByRole('region', { name: 'At a glance' });
    await expect(stats.getByRole('heading', { level: 3 })).toHaveText([
      'Average Match Score',
      'Potential Startups',
      'Portfolio Companies',
      'Active Conversations',
    ]);
    await expect(stats.getByRole('link', { name: 'Add portfolio companies' })).toHaveAttribute('href', '/investor/portfolio');
    await expect(page.getByRole('region', { name: 'Top Startup Matches' }).getByRole('heading', { name: 'No matches found' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Portfolio' }).getByRole('heading', { name: 'No portfolio companies' })).toBeVisible();

    const completion = page.getByRole('region', { name: 'Profile Completion' });
    // Firm name, location, website, founding date, description, thesis, portfolio size: 60%.
    await expect(completion.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
    await expect(completion.getByRole('link', { name: /\(to do\)$/ })).toHaveText(['Investment Criteria (to do)', 'Startup Preferences (to do)']);
    await completion.getByRole('link', { name: 'Investment Criteria (to do)' }).click();
    await expect(page).toHaveURL('/investor/profile?tab=criteria');
    await expect(page.getByRole('tab', { name: 'Investment Criteria' })).toHaveAttribute('aria-selected', 'true');
  });

  test('the top matches card lists the three best, each linking to the counterpart profile', async ({ page }) => {
    const user = await registerViaApi(page, 'startup');
    // A stubbed list: the card's rendering and order, whatever the server holds (its shape comes from the shared contract).
    const investor = (id: number, firmName: string) => ({
      id,
      firmName,
      logo: null,
      location: 'London, UK',
      portfolioSize: 5,
      stagePreference: ['Seed'],
      investmentRange: ['$1M - $3M'],
      industryFocus: ['SaaS'],
      website: null,
      foundingDate: null,
      description: null,
      investmentThesis: null,
    });
    const now = new Date().toISOString();
    const matches = [
      [101, 'Alpha Fund', 91, 'pending'],
      [102, 'Beta Capital', 84, 'accepted'],
      [103, 'Gamma Partners', 70, 'pending'],
      [104, 'Delta Seed', 55, 'rejected'],
    ].map(([investorId, firmName, score, status], index) => ({
      id: index + 1,
      startupId: user.id,
      investorId,
      score,
      status,
      // Both sides' answers behind the status (mutual consent): accepted is both, a decline here is the startup's own.
      myDecision: status === 'pending' ? 'pending' : status,
      theirDecision: status === 'accepted' ? 'accepted' : 'pending',
      theirDeclineReason: null,
      decidedBy: status === 'rejected' ? 'startup' : null,
      breakdown: null,
      createdAt: now,
      updatedAt: now,
      investor: investor(investorId as number, firmName as string),
    }));
    // Every page the list asks for (its query carries the page size), answered as one last page.
    const countOf = (status: string) => matches.filter((match) => match.status === status).length;
    const counts = { total: matches.length, all: matches.length, pending: countOf('pending'), accepted: countOf('accepted'), rejected: countOf('rejected') };
    await page.route(/\/api\/matches\/startup(\?|$)/, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ items: matches, nextCursor: null, counts }) }),
    );
    await page.goto('/startup/dashboard');
    const card = page.getByRole('region', { name: 'Top Investor Matches' });
    await expect(card.getByRole('listitem')).toHaveCount(3);
    await expect(card.getByRole('link', { name: /^View Profile/ })).toHaveText([
      'View Profile of Alpha Fund',
      'View Profile of Beta Capital',
      'View Profile of Gamma Partners',
    ]);
    await expect(card.getByText('Delta Seed')).toHaveCount(0);
    await expect(card.getByRole('listitem').first()).toContainText('91');
    await card.getByRole('link', { name: 'View Profile of Beta Capital' }).click();
    await expect(page).toHaveURL('/investor/102');
  });
});
