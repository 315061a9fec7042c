// Fair intake in the browser (issue #19; docs/intake.md): an investor closes to new deals and sets
// a weekly limit in Settings › Deal flow (a bad limit is refused at its field), a startup's request
// then waits in the queue: the startup's card says "Request queued", and the investor's Pending tab
// says "More requests next week" with the count, at 375px, with no serious axe violations.
import { expect, test } from '@playwright/test';
import {
  STARTUP_PROFILE,
  acceptAsStartup,
  expectToast,
  horizontalOverflow,
  newParty,
  registerViaApi,
  saveInvestorProfileViaApi,
  seriousViolations,
} from './helpers';

const PHONE = { width: 375, height: 812 };

test('a closed investor’s queue: Deal flow settings, "Request queued" and "More requests next week"', async ({ page, browser }) => {
  await page.setViewportSize(PHONE);
  const investor = await registerViaApi(page, 'investor');
  // Criteria that fit the startup exactly (as livedInPair's), so generation finds the pair.
  await saveInvestorProfileViaApi(page, {
    location: STARTUP_PROFILE.location,
    industryFocus: [STARTUP_PROFILE.industry, 'SaaS'],
    stagePreference: [STARTUP_PROFILE.stage],
    investmentRange: ['$1M - $3M'],
  });

  await page.goto('/settings');
  const dealFlow = page.getByRole('form', { name: 'Deal flow settings' });
  const open = dealFlow.getByRole('switch', { name: 'Open to new deals' });
  await expect(open).toBeChecked();
  await open.press('Space');
  await expect(open).not.toBeChecked();
  const limit = dealFlow.getByLabel('Weekly limit on new requests');
  await limit.fill('0');
  await dealFlow.getByRole('button', { name: 'Save deal flow settings' }).click();
  await expect(dealFlow.getByText('The weekly limit must be a whole number from 1 to 500')).toBeVisible();
  await limit.fill('3');
  await dealFlow.getByRole('button', { name: 'Save deal flow settings' }).click();
  await expectToast(page, 'Deal flow settings saved');
  const saved = await (await page.request.get('/api/intake-settings')).json();
  expect(saved).toMatchObject({ openToNewDeals: false, weeklyRequestCap: 3 });
  const overflow = await horizontalOverflow(page);
  expect(overflow.scrollWidth, overflow.culprits.join(' | ')).toBeLessThanOrEqual(overflow.innerWidth);
  expect(await seriousViolations(page)).toEqual([]);

  // A startup asks while the investor is closed: queued, not refused.
  const startup = await newParty(browser, 'startup');
  await startup.page.setViewportSize(PHONE);
  await acceptAsStartup(startup.page, investor.id);
  await startup.page.goto('/startup/investor-matches?tab=pending');
  const card = startup.page.getByRole('article').filter({ hasText: 'Request queued' });
  await expect(card).toHaveCount(1);
  expect(await seriousViolations(startup.page)).toEqual([]);
  await startup.context.close();

  await page.goto('/investor/startups?tab=pending');
  const notice = page.getByRole('region', { name: /More requests next week/ });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('1');
  expect(await seriousViolations(page)).toEqual([]);
});
