// Shared milestones (issue #7; docs/milestones.md): a suggestion becomes the plan, the investor
// moves it live from a second browser, the create and edit dialog with the calendar, the empty
// states, deep links, 375px and axe.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { addMonths, format } from 'date-fns';
import { connectViaApi, expectToast, hasHorizontalScroll, newParty, registerViaApi, seriousViolations } from './helpers';

// Profiles that fit each other closely, so generation ranks this investor near the top for this
// startup even when other journeys have filled the database with investors.
const STARTUP = {
  companyName: 'Fjord Grid',
  location: 'Oslo, Norway',
  stage: 'Seed',
  industry: 'CleanTech',
  description: 'Fjord Grid pools home batteries to balance the Nordic power grid in real time.',
};
const investorProfile = (firmName: string) => ({
  firmName,
  location: 'Oslo, Norway',
  description: 'A Nordic seed fund for climate and energy technology companies.',
  investmentThesis: 'We back seed-stage CleanTech founders building grid, storage and energy software.',
  industryFocus: ['CleanTech'],
  stagePreference: ['Seed'],
  investmentRange: ['$1M - $3M'],
});

const newStartup = (browser: Browser) => newParty(browser, 'startup', STARTUP);
const newInvestor = (browser: Browser, firmName = 'Nordlys Capital') => newParty(browser, 'investor', investorProfile(firmName));

/**
 * Opens a screen and waits until its live event stream is open: the server subscribes before it
 * sends the stream's headers, so from then on every change reaches this page without a reload.
 */
async function openLive(page: Page, path: string): Promise<void> {
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
  await page.goto(path);
  expect((await stream).status()).toBe(200);
}

const plan = (page: Page, partnerName: string) => page.getByRole('region', { name: `Plan with ${partnerName}` });
const milestoneRow = (page: Page, title: string) => page.getByRole('list', { name: 'Milestones' }).getByRole('listitem', { name: title });

test.describe('shared milestones', () => {
  test('a suggestion joins the plan, the investor starts and completes it live, and the startup sees it done', async ({ browser }) => {
    const startup = await newStartup(browser);
    const investor = await newInvestor(browser);
    await connectViaApi(startup.page, investor.user, investor.page);

    // With a single connection the plan opens straight away; an empty plan offers suggestions.
    await openLive(startup.page, '/startup/milestones');
    const startupPlan = plan(startup.page, 'Nordlys Capital');
    await expect(startupPlan.getByRole('heading', { name: 'No milestones yet: start from a suggestion' })).toBeVisible();
    await expect(startupPlan.getByText('Suggestion', { exact: true })).toHaveCount(7);

    await openLive(investor.page, '/investor/milestones');
    const investorPlan = plan(investor.page, 'Fjord Grid');
    await expect(investorPlan.getByRole('heading', { name: 'No milestones yet: start from a suggestion' })).toBeVisible();

    await startupPlan.getByRole('button', { name: 'Add to plan: Intro call' }).click();
    await expectToast(startup.page, 'Milestone added', '"Intro call" is now part of your shared plan.');
    await expect(milestoneRow(startup.page, 'Intro call').getByText('Pending', { exact: true })).toBeVisible();
    await expect(milestoneRow(startup.page, 'Intro call').getByRole('heading', { name: 'Intro call' })).toBeFocused();
    // The other suggestions stay one click away, collapsed.
    await expect(startupPlan.getByText('Suggested milestones (6)')).toBeVisible();

    // The investor's screen updates by itself: no reload anywhere below.
    const investorRow = milestoneRow(investor.page, 'Intro call');
    await expect(investorRow.getByText('Pending', { exact: true })).toBeVisible();
    await expect(investorRow.getByRole('button', { name: 'Complete Intro call' })).toHaveCount(0);
    await investorRow.getByRole('button', { name: 'Start Intro call' }).click();
    await expect(investorRow.getByText('In Progress', { exact: true })).toBeVisible();
    // Start turns into Complete in place, so a keyboard user stays on it.
    await expect(investorRow.getByRole('button', { name: 'Complete Intro call' })).toBeFocused();
    await expect(milestoneRow(startup.page, 'Intro call').getByText('In Progress', { exact: true })).toBeVisible();

    await investorRow.getByRole('button', { name: 'Complete Intro call' }).click();
    await expect(investorRow.getByText('Completed', { exact: true })).toBeVisible();
    await expectToast(investor.page, 'Milestone completed', '"Intro call" is done.');
    // The actions are gone, so focus lands on the milestone instead of the page.
    await expect(investorRow.getByRole('heading', { name: 'Intro call' })).toBeFocused();

    // A completed milestone shows no action buttons, on either side.
    const startupRow = milestoneRow(startup.page, 'Intro call');
    await expect(startupRow.getByText('Completed', { exact: true })).toBeVisible();
    await expect(startupRow.getByRole('button')).toHaveCount(0);
    await expect(investorRow.getByRole('button')).toHaveCount(0);
    await expect(startupPlan.getByText('1 of 1 completed')).toBeVisible();

    // Both feeds name what happened, and with whom.
    await investor.page.goto('/activity');
    await expect(investor.page.getByText('Completed the milestone "Intro call" with Fjord Grid')).toBeVisible();
    await startup.context.close();
    await investor.context.close();
  });

  test('create and edit with the calendar (Sunday first, MM/dd/yyyy), the title rule, and delete', async ({ browser }) => {
    const startup = await newStartup(browser);
    const investor = await newInvestor(browser);
    await connectViaApi(startup.page, investor.user, investor.page);
    const page = startup.page;
    await page.goto('/startup/milestones');
    await plan(page, 'Nordlys Capital').getByRole('button', { name: 'Add milestone' }).click();

    const dialog = page.getByRole('dialog', { name: 'Add milestone' });
    await expect(dialog.getByLabel('Title')).toBeFocused();
    await expect(dialog.getByLabel('Status').locator('option')).toHaveText(['Pending', 'In Progress', 'Completed']);
    await expect(dialog.getByLabel('Status')).toHaveValue('pending');
    await dialog.getByLabel('Title').fill('  Te ');
    await dialog.getByRole('button', { name: 'Add milestone' }).click();
    await expect(dialog.getByText('Title must be at least 3 characters')).toBeVisible();
    await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('Title').fill('Term sheet');
    await dialog.getByLabel('Description').fill('Headline terms agreed with the partners.');
    await dialog.getByRole('button', { name: 'Date: not set' }).click();
    const calendar = page.getByRole('dialog', { name: 'Choose date' });
    // The week starts on Sunday, in the (visual) header and in every row of the grid.
    await expect(calendar.locator('thead th')).toHaveText(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
    await expect(calendar.getByRole('row').first().getByRole('gridcell').first()).toHaveAccessibleName(/^(Today, )?Sunday, /);
    await calendar.getByRole('button', { name: 'Go to the Next Month' }).click();
    const chosen = addMonths(new Date(), 1);
    chosen.setDate(15);
    await calendar.getByRole('button', { name: format(chosen, 'PPPP') }).click();
    await expect(calendar).toBeHidden();
    await expect(dialog.getByRole('button', { name: `Date: ${format(chosen, 'MM/dd/yyyy')}` })).toBeFocused();
    await dialog.getByLabel('Status').selectOption('in_progress');
    await dialog.getByRole('button', { name: 'Add milestone' }).click();
    await expectToast(page, 'Milestone added', '"Term sheet" is now part of your shared plan.');
    await expect(dialog).toBeHidden();
    const row = milestoneRow(page, 'Term sheet');
    await expect(row.getByText(format(chosen, 'MM/dd/yyyy'))).toBeVisible();
    await expect(row.getByText('In Progress', { exact: true })).toBeVisible();
    await expect(row.getByText('Headline terms agreed with the partners.')).toBeVisible();

    // Edit from the keyboard: the calendar opens on the chosen day and the arrow keys move it.
    await row.getByRole('button', { name: 'More actions for Term sheet' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit milestone' });
    await expect(editDialog.getByLabel('Title')).toHaveValue('Term sheet');
    await expect(editDialog.getByLabel('Status')).toHaveCount(0);
    await editDialog.getByLabel('Title').fill('Term sheet signed');
    await editDialog.getByRole('button', { name: `Date: ${format(chosen, 'MM/dd/yyyy')}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Choose date' }).getByRole('button', { name: `${format(chosen, 'PPPP')}, selected` })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    const nextDay = new Date(chosen);
    nextDay.setDate(chosen.getDate() + 1);
    // The calendar moves focus a frame after the key, as a person's next key would find it.
    await expect(page.getByRole('dialog', { name: 'Choose date' }).getByRole('button', { name: format(nextDay, 'PPPP') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(editDialog.getByRole('button', { name: `Date: ${format(nextDay, 'MM/dd/yyyy')}` })).toBeFocused();
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Milestone updated', 'Your changes have been saved.');
    const editedRow = milestoneRow(page, 'Term sheet signed');
    await expect(editedRow.getByText(format(nextDay, 'MM/dd/yyyy'))).toBeVisible();
    await expect(editedRow.getByRole('button', { name: 'More actions for Term sheet signed' })).toBeFocused();

    // Clearing the date leaves the milestone unscheduled.
    await editedRow.getByRole('button', { name: 'More actions for Term sheet signed' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await editDialog.getByRole('button', { name: 'Clear date' }).click();
    await expect(editDialog.getByRole('button', { name: 'Date: not set' })).toBeVisible();
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(editedRow.getByText('No date set')).toBeVisible();

    await editedRow.getByRole('button', { name: 'More actions for Term sheet signed' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete milestone' });
    await expect(confirm).toContainText('Are you sure you want to delete "Term sheet signed"?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Milestone deleted', '"Term sheet signed" has been removed from your plan.');
    await expect(plan(page, 'Nordlys Capital').getByRole('heading', { name: 'No milestones yet: start from a suggestion' })).toBeVisible();
    await expect(plan(page, 'Nordlys Capital').getByRole('button', { name: 'Add milestone' })).toBeFocused();
    await startup.context.close();
    await investor.context.close();
  });

  test('several connections: pick one, or deep-link with ?partner=; the dashboards list what is coming up', async ({ browser }) => {
    // Three accounts, two generation runs and a dozen page loads: the slow-test budget.
    test.slow();
    const startup = await newStartup(browser);
    const first = await newInvestor(browser, 'Nordlys Capital');
    const second = await newInvestor(browser, 'Aurora Partners');
    await connectViaApi(startup.page, first.user, first.page);
    await connectViaApi(startup.page, second.user, second.page);
    const page = startup.page;

    await page.goto('/startup/milestones');
    await expect(page.getByRole('heading', { name: 'Choose an investor' })).toBeVisible();
    // Actions appear only once a partner is selected.
    await expect(page.getByRole('button', { name: 'Add milestone' })).toHaveCount(0);
    await expect(page.getByLabel('Connected investor').locator('option')).toHaveText(['Choose an investor', 'Aurora Partners', 'Nordlys Capital']);
    await page.getByLabel('Connected investor').selectOption({ label: 'Aurora Partners' });
    await expect(page).toHaveURL(`/startup/milestones?partner=${second.user.id}`);
    await plan(page, 'Aurora Partners').getByRole('button', { name: 'Add to plan: Due diligence' }).click();
    await expect(milestoneRow(page, 'Due diligence')).toBeVisible();
    await milestoneRow(page, 'Due diligence').getByRole('button', { name: 'Start Due diligence' }).click();
    await expect(milestoneRow(page, 'Due diligence').getByText('In Progress', { exact: true })).toBeVisible();

    await page.goto(`/startup/milestones?partner=${first.user.id}`);
    await expect(page.getByLabel('Connected investor')).toHaveValue(String(first.user.id));
    await plan(page, 'Nordlys Capital').getByRole('button', { name: 'Add to plan: Intro call' }).click();
    await expect(milestoneRow(page, 'Intro call')).toBeVisible();

    // Someone who is not a connection is refused with a sentence, and the picker stays usable.
    await page.goto(`/startup/milestones?partner=${startup.user.id}`);
    await expect(page.getByText('That investor is not among your connections. Choose one from the list.')).toBeVisible();

    // The dashboard card lists in-progress first, across partners, and links to each pair's plan.
    await page.goto('/startup/dashboard');
    const card = page.getByRole('region', { name: 'Milestones' });
    await expect(card.getByRole('listitem')).toHaveCount(2);
    await expect(card.getByRole('listitem').first()).toContainText('Due diligence');
    await expect(card.getByRole('listitem').first()).toContainText('with Aurora Partners');
    await card.getByRole('link', { name: 'Intro call' }).click();
    await expect(page).toHaveURL(`/startup/milestones?partner=${first.user.id}`);
    await expect(milestoneRow(page, 'Intro call')).toBeVisible();

    // The investor reaches the same plan from the sidebar and sees it on the dashboard too.
    await second.page.goto('/investor/dashboard');
    const investorCard = second.page.getByRole('region', { name: 'Milestones' });
    await expect(investorCard.getByRole('listitem')).toHaveCount(1);
    await expect(investorCard.getByRole('listitem')).toContainText('with Fjord Grid');
    await second.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Milestones' }).click();
    await expect(second.page).toHaveURL('/investor/milestones');
    await expect(milestoneRow(second.page, 'Due diligence').getByText('In Progress', { exact: true })).toBeVisible();
    for (const party of [startup, first, second]) await party.context.close();
  });

  test('with no connections: the spec empty state and its link, for both sides', async ({ page, browser }) => {
    await registerViaApi(page, 'startup');
    await page.goto('/startup/milestones');
    await expect(page.getByRole('heading', { level: 1, name: 'Milestones' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No connected investors' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to investor matches' }).click();
    await expect(page).toHaveURL('/startup/investor-matches');

    const investor = await browser.newContext();
    const investorPage = await investor.newPage();
    await registerViaApi(investorPage, 'investor');
    await investorPage.goto('/investor/milestones');
    await expect(investorPage).toHaveTitle('Milestones · VentureMatch');
    await expect(investorPage.getByRole('heading', { name: 'No connected startups' })).toBeVisible();
    await investorPage.getByRole('link', { name: 'Go to startup matches' }).click();
    await expect(investorPage).toHaveURL('/investor/startups');
    await investor.close();
  });

  test('the startup screen works at 375px and passes axe in every state', async ({ browser }) => {
    // Six axe scans of a full screen: give it the slow-test budget on a busy machine.
    test.slow();
    const startup = await newStartup(browser);
    const investor = await newInvestor(browser);
    const page = startup.page;
    await page.setViewportSize({ width: 375, height: 812 });
    await page.emulateMedia({ colorScheme: 'light' });

    await page.goto('/startup/milestones');
    await expect(page.getByRole('heading', { name: 'No connected investors' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    await connectViaApi(page, investor.user, investor.page);
    await page.reload();
    await expect(plan(page, 'Nordlys Capital').getByRole('heading', { name: 'No milestones yet: start from a suggestion' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    await plan(page, 'Nordlys Capital').getByRole('button', { name: 'Add to plan: First post-investment check-in' }).click();
    await expect(milestoneRow(page, 'First post-investment check-in')).toBeVisible();
    await plan(page, 'Nordlys Capital').getByRole('button', { name: 'Add milestone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add milestone' });
    await dialog.getByLabel('Title').fill('A long milestone title that has to wrap on a narrow phone screen');
    await dialog.getByRole('button', { name: 'Date: not set' }).click();
    await expect(page.getByRole('dialog', { name: 'Choose date' }).getByRole('grid')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Add milestone' }).click();
    await expect(dialog).toBeHidden();
    const longRow = milestoneRow(page, 'A long milestone title that has to wrap on a narrow phone screen');
    await longRow.getByRole('button', { name: /^Start / }).click();
    await expect(longRow.getByText('In Progress', { exact: true })).toBeVisible();
    await page.getByText(/Suggested milestones/).click();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    await longRow.getByRole('button', { name: /^More actions for / }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete milestone' })).toBeVisible();
    // Scan once the menu has finished closing: mid-fade, its half-transparent text fails contrast.
    await expect(page.getByRole('menu')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await startup.context.close();
    await investor.context.close();
  });

  test('the investor screen and dashboard card work at 375px and pass axe', async ({ browser }) => {
    const startup = await newStartup(browser);
    const investor = await newInvestor(browser);
    await connectViaApi(startup.page, investor.user, investor.page);
    for (const [title, status] of [
      ['Intro call', 'completed'],
      ['Due diligence', 'in_progress'],
      ['Term sheet', 'pending'],
    ]) {
      const created = await startup.page.request.post('/api/milestones', { data: { title, status, date: '2027-03-01', investorId: investor.user.id } });
      expect(created.status(), await created.text()).toBe(201);
    }
    const page = investor.page;
    await page.setViewportSize({ width: 375, height: 812 });
    await page.emulateMedia({ colorScheme: 'light' });

    await page.goto('/investor/milestones');
    await expect(milestoneRow(page, 'Term sheet').getByRole('button', { name: 'Start Term sheet' })).toBeVisible();
    await expect(plan(page, 'Fjord Grid').getByText('1 of 3 completed')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/investor/dashboard');
    await expect(page.getByRole('region', { name: 'Milestones' }).getByRole('listitem')).toHaveCount(2);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await startup.context.close();
    await investor.context.close();
  });
});
