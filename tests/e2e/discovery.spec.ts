// The directory in the browser (issue #19, "Directory"): an investor filters /discover to FinTech,
// Seed and the United Kingdom (the filters land in the address bar, and Back undoes one), saves the
// search, opens a profile from a card, reads why the score is what it is ("Your match", every
// component on request) and connects from there; back on the list the card says "Waiting for {name}";
// the startup, in a browser of its own, sees the request among its matches. axe finds nothing serious, and at 375px
// nothing scrolls sideways.
import { expect, test } from '@playwright/test';
import { expectToast, hasHorizontalScroll, newParty, registerViaApi, saveInvestorProfileViaApi, seriousViolations } from './helpers';

test('an investor filters, saves the search, opens a profile and connects; the startup sees the request', async ({ page, browser }) => {
  // Two browsers, three accounts and three axe scans: more than a default journey's time.
  test.slow();
  const word = `Quokka${Date.now().toString(36)}`;
  const founder = await newParty(browser, 'startup', { companyName: `${word} Pay`, industry: 'FinTech', stage: 'Seed', location: 'London, UK' });
  // Another UK fintech at Series A: the stage filter leaves it out.
  const other = await newParty(browser, 'startup', { companyName: `${word} Ledger`, industry: 'FinTech', stage: 'Series A', location: 'Manchester, UK' });
  await other.context.close();
  const investor = await registerViaApi(page, 'investor');
  await saveInvestorProfileViaApi(page, { firmName: `${word} Ventures`, industryFocus: ['FinTech'], stagePreference: ['Seed'] });

  await page.goto('/investor/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Discover' }).first().click();
  await expect(page).toHaveURL('/discover');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();

  const filters = page.getByRole('region', { name: 'Filters' });
  await filters.getByRole('group', { name: 'Industry' }).getByRole('checkbox', { name: 'FinTech' }).check();
  await expect(page).toHaveURL(/industry=FinTech/);
  await filters.getByRole('group', { name: 'Stage' }).getByRole('checkbox', { name: 'Seed', exact: true }).check();
  await filters.getByLabel('Add a country').selectOption({ label: 'United Kingdom' });
  await expect(page).toHaveURL(/country=GB/);
  // Narrowed to this journey's profiles (the server is shared with other journeys).
  await filters.getByLabel('Search').fill(word);
  await expect(page).toHaveURL(new RegExp(`q=${word}`));

  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByRole('heading', { name: `${word} Pay` })).toBeVisible();
  await expect(card.getByText('Raising now')).toBeVisible();
  await expect(card.getByText('Match score')).toBeAttached();
  expect(await seriousViolations(page)).toEqual([]);

  // Back undoes the last filter (the text), and Forward brings it back.
  await page.goBack();
  await expect(page).not.toHaveURL(/q=/);
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  await expect(cards).toHaveCount(1);

  // Save the search.
  await page.getByRole('button', { name: 'Save search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save search' });
  await dialog.getByLabel('Name').fill('UK fintech seed');
  await expect(dialog.getByRole('switch', { name: 'Email me when new profiles match' })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Saved "UK fintech seed"');
  const saved = page.getByRole('region', { name: 'Saved searches' });
  await expect(saved.getByRole('link', { name: /UK fintech seed/ })).toBeVisible();

  // Rename it: the dialog starts from the current name; the filters stay.
  await saved.getByRole('button', { name: 'Rename UK fintech seed' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename saved search' });
  await expect(rename.getByLabel('Name')).toHaveValue('UK fintech seed');
  await rename.getByLabel('Name').fill('UK fintech at seed');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expectToast(page, 'Renamed to "UK fintech at seed"');
  await expect(saved.getByRole('link', { name: /UK fintech at seed/ })).toBeVisible();

  // Open the profile from the card: read the breakdown of the score, and connect from there.
  await card.getByRole('link', { name: `View Profile of ${word} Pay` }).click();
  await expect(page).toHaveURL(`/startup/${founder.user.id}`);
  await expect(page.getByRole('heading', { name: `${word} Pay` }).first()).toBeVisible();
  const fit = page.getByRole('region', { name: 'Your match' });
  await expect(fit.getByText(/^Match score \d+ out of 100$/)).toBeAttached();
  await expect(fit.getByRole('list', { name: 'Top reasons' }).getByRole('listitem').first()).toBeVisible();
  await fit.getByRole('button', { name: 'Show score details' }).click();
  await expect(fit.getByRole('heading', { name: /^Their fit for you · \d+$/ })).toBeVisible();
  await expect(fit.getByRole('heading', { name: /^Your fit for them · \d+$/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await fit.getByRole('button', { name: `Connect with ${word} Pay` }).click();
  await expectToast(page, `Request sent to ${word} Pay`);
  await expect(fit.getByText(`Waiting for ${word} Pay`)).toBeVisible();

  // Back on the same filtered list, the card says so too.
  await page.goBack();
  await expect(cards).toHaveCount(1);
  await expect(card.getByText(`Waiting for ${word} Pay`)).toBeVisible();

  // The saved search applies its filters from a link (the alert notifications use it).
  await page.goto('/discover');
  await saved.getByRole('link', { name: /UK fintech at seed/ }).click();
  await expect(page).toHaveURL(/industry=FinTech/);
  await expect(page).toHaveURL(/country=GB/);
  await expect(cards).toHaveCount(1);

  // The startup sees the request among its matches.
  await founder.page.goto('/startup/investor-matches');
  const request = founder.page.getByRole('article').filter({ hasText: `${word} Ventures` });
  await expect(request.getByText('Wants to connect with you')).toBeVisible();
  await founder.context.close();
  expect(investor.id).toBeGreaterThan(0);
});

test('at 375px the directory fits the screen and keeps its states', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await registerViaApi(page, 'startup');
  await page.goto(`/discover?q=nobody${Date.now().toString(36)}`);
  await expect(page.getByRole('heading', { name: 'No profiles match these filters' })).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL('/discover');
  expect(await seriousViolations(page)).toEqual([]);
});
