// The investor portfolio (issue #8): add, filter, edit, delete, export the CSV; add a connected
// startup in one step; validation; the dashboard block; empty state, 375px, keyboard and axe.
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  STARTUP_PROFILE,
  connectViaApi,
  expectToast,
  hasHorizontalScroll,
  newParty,
  registerViaApi,
  saveInvestorProfileViaApi,
  seriousViolations,
} from './helpers';

interface CompanyInput {
  companyName: string;
  website?: string;
  industry: string;
  stage: string;
  investmentDate: string;
  investmentAmount: number;
  description: string;
  performance: 'growing' | 'stable' | 'declining';
}

async function addCompanyViaApi(page: Page, company: CompanyInput): Promise<number> {
  const response = await page.request.post('/api/portfolio', { data: company });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const GRIDWISE: CompanyInput = {
  companyName: 'Gridwise',
  industry: 'CleanTech',
  stage: 'Series B',
  investmentDate: '2023-09-01',
  investmentAmount: 5_000_000,
  description: 'Turns commercial buildings into flexible grid assets.',
  performance: 'declining',
};

const companyCards = (page: Page) => page.getByRole('region', { name: 'Companies', exact: true }).getByRole('article');
const card = (page: Page, name: string) => page.getByRole('article', { name });
const dialog = (page: Page) => page.getByRole('dialog');
const stat = (page: Page, title: string) =>
  page.getByRole('heading', { level: 3, name: title }).locator('xpath=ancestor::div[contains(@class, "rounded-xl")][1]');

async function openPortfolio(page: Page) {
  await page.goto('/investor/portfolio');
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
}

async function fillCompanyForm(
  form: Locator,
  company: { name: string; website?: string; industry: string; stage: string; date?: string; amount: string; performance: string; description: string },
) {
  await form.getByLabel('Company Name').fill(company.name);
  if (company.website !== undefined) await form.getByLabel('Website').fill(company.website);
  await form.getByLabel('Industry').selectOption(company.industry);
  await form.getByLabel('Stage').selectOption(company.stage);
  if (company.date !== undefined) await form.getByLabel('Investment Date', { exact: true }).fill(company.date);
  await form.getByLabel('Investment Amount').fill(company.amount);
  await form.getByLabel('Performance').selectOption(company.performance);
  await form.getByLabel('Description').fill(company.description);
}

test.describe('investor portfolio', () => {
  test('adds, filters, edits and deletes companies, and exports the CSV', async ({ page }) => {
    await registerViaApi(page, 'investor');
    await saveInvestorProfileViaApi(page);
    await openPortfolio(page);
    await expect(page.getByRole('heading', { name: 'No portfolio companies' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);

    // Add the first company, typing the date in the spec's format and the amount in shorthand.
    await page.getByRole('button', { name: 'Add Company' }).first().click();
    await expect(dialog(page).getByRole('heading', { name: 'Add Company' })).toBeVisible();
    await fillCompanyForm(dialog(page), {
      name: 'Nimbus Health',
      website: 'https://nimbus.example.com',
      industry: 'HealthTech',
      stage: 'Seed',
      date: '06/30/2025',
      amount: '2.5M',
      performance: 'growing',
      description: 'Remote monitoring for cardiac patients after surgery.',
    });
    await expect(dialog(page).getByText('US dollars: $2.5M')).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Add Company' }).click();
    await expectToast(page, 'Company added', 'Nimbus Health has been added to your portfolio.');
    await expect(dialog(page)).toBeHidden();
    const nimbus = card(page, 'Nimbus Health');
    await expect(nimbus).toContainText('$2.5M');
    await expect(nimbus).toContainText('Jun 30, 2025');
    await expect(nimbus).toContainText('Growing');

    // The second one picks its date from the calendar: February 10, 2024.
    await page.getByRole('button', { name: 'Add Company' }).click();
    await fillCompanyForm(dialog(page), {
      name: 'Paystream',
      industry: 'FinTech',
      stage: 'Series A',
      amount: '750,000',
      performance: 'stable',
      description: 'Payments infrastructure for online marketplaces.',
    });
    await dialog(page).getByRole('button', { name: 'Choose Investment Date' }).click();
    const calendar = page.getByRole('grid');
    // Focus lands in the calendar (on today), where the arrow keys work, despite the dialog around it.
    await expect(calendar.locator('button[tabindex="0"]')).toBeFocused();
    await page.getByRole('combobox', { name: /year/i }).selectOption('2024');
    await page.getByRole('combobox', { name: /month/i }).selectOption({ label: 'February' });
    await expect(calendar).toHaveAccessibleName(/February 2024/);
    // Sunday first, as every calendar picker in the app.
    await expect(calendar.locator('thead th').first()).toHaveAttribute('aria-label', 'Sunday');
    await calendar.getByRole('button', { name: /February 10th, 2024/ }).click();
    await expect(dialog(page).getByLabel('Investment Date', { exact: true })).toHaveValue('02/10/2024');
    await dialog(page).getByRole('button', { name: 'Add Company' }).click();
    await expectToast(page, 'Company added', 'Paystream has been added to your portfolio.');
    await expect(card(page, 'Paystream')).toContainText('Feb 10, 2024');

    await addCompanyViaApi(page, GRIDWISE);
    await page.reload();
    await expect(companyCards(page)).toHaveCount(3);
    // Newest investment first.
    await expect(companyCards(page).getByRole('heading', { level: 3 })).toHaveText(['Nimbus Health', 'Paystream', 'Gridwise']);
    await expect(stat(page, 'Companies')).toContainText('3');
    await expect(stat(page, 'Total Invested')).toContainText('$8.3M');
    await expect(stat(page, 'Industries')).toContainText('3');
    await expect(page.getByRole('list', { name: 'Performance mix' })).toHaveText(/1 growing.*1 stable.*1 declining/);

    // Quick filters show the first 6 industries, then stage, performance and search.
    const quickFilters = page.getByRole('group', { name: 'Quick filters by industry' }).getByRole('button');
    await expect(quickFilters).toHaveText(['All industries', 'SaaS', 'FinTech', 'HealthTech', 'EdTech', 'E-commerce', 'AI/ML']);
    await page.getByRole('button', { name: 'FinTech', exact: true }).click();
    await expect(page.getByRole('button', { name: 'FinTech', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(companyCards(page).getByRole('heading', { level: 3 })).toHaveText(['Paystream']);
    await expect(page.getByText('Showing 1 of 3 companies')).toBeVisible();
    await page.getByRole('button', { name: 'All industries' }).click();
    await page.getByLabel('Stage', { exact: true }).selectOption('Series B');
    await expect(companyCards(page).getByRole('heading', { level: 3 })).toHaveText(['Gridwise']);
    await page.getByLabel('Performance', { exact: true }).selectOption('growing');
    await expect(page.getByRole('heading', { name: 'No companies match your filters' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(companyCards(page)).toHaveCount(3);
    await page.getByLabel('Search companies').fill('NIMBUS');
    await expect(companyCards(page).getByRole('heading', { level: 3 })).toHaveText(['Nimbus Health']);
    await page.getByLabel('Search companies').fill('');

    // Edit: the dialog opens with the saved values.
    await page.getByRole('button', { name: 'Edit Nimbus Health' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Edit Company' })).toBeVisible();
    await expect(dialog(page).getByLabel('Company Name')).toHaveValue('Nimbus Health');
    await expect(dialog(page).getByLabel('Investment Date', { exact: true })).toHaveValue('06/30/2025');
    await dialog(page).getByLabel('Investment Amount').fill('3000000');
    await dialog(page).getByLabel('Performance').selectOption('stable');
    await dialog(page).getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Company updated', 'Nimbus Health has been updated.');
    await expect(nimbus).toContainText('$3M');
    await expect(nimbus).toContainText('Stable');

    // Delete asks first; Cancel keeps the company.
    await page.getByRole('button', { name: 'Delete Gridwise' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete "Gridwise" from your portfolio?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, 'Gridwise')).toBeVisible();
    await page.getByRole('button', { name: 'Delete Gridwise' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Company deleted', 'Gridwise has been deleted from your portfolio.');
    await expect(card(page, 'Gridwise')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Companies', exact: true })).toBeFocused();
    await expect(stat(page, 'Total Invested')).toContainText('$3.8M');

    // The CSV holds what the screen shows.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('portfolio.csv');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')).toEqual([
      'Company,Industry,Stage,Website,Investment date,Investment (USD),Investment,Performance,Description',
      'Nimbus Health,HealthTech,Seed,https://nimbus.example.com,2025-06-30,3000000,$3M,stable,Remote monitoring for cardiac patients after surgery.',
      'Paystream,FinTech,Series A,,2024-02-10,750000,$750K,stable,Payments infrastructure for online marketplaces.',
      '',
    ]);

    // The dashboard's count and portfolio block are real.
    await page.goto('/investor/dashboard');
    await expect(stat(page, 'Portfolio Companies')).toContainText('2');
    const block = page.getByRole('region', { name: 'Portfolio' });
    await expect(block).toContainText('2 companies · $3.8M invested');
    await expect(block.getByRole('listitem')).toHaveText([/Nimbus Health.*HealthTech · Seed · \$3M.*Stable/, /Paystream.*FinTech · Series A · \$750K.*Stable/]);
    await block.getByRole('link', { name: 'View portfolio' }).click();
    await expect(page).toHaveURL('/investor/portfolio');
  });

  test('shows the spec’s validation messages in the Add Company dialog, and axe finds nothing serious', async ({ page }) => {
    await registerViaApi(page, 'investor');
    await openPortfolio(page);
    await page.getByRole('button', { name: 'Add Company' }).first().click();
    await dialog(page).getByRole('button', { name: 'Add Company' }).click();
    for (const message of [
      'Company name must be at least 2 characters',
      'Please select an industry',
      'Please select a stage',
      'Investment date is required',
      'Investment amount is required',
      'Description must be at least 10 characters',
    ]) {
      await expect(dialog(page).getByText(message, { exact: true })).toBeVisible();
    }
    // The first invalid field has focus and says why.
    await expect(dialog(page).getByLabel('Company Name')).toBeFocused();
    await expect(dialog(page).getByLabel('Company Name')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);

    await dialog(page).getByLabel('Website').fill('not a website');
    await dialog(page).getByLabel('Investment Date', { exact: true }).fill('02/30/2025');
    await dialog(page).getByLabel('Investment Amount').fill('a lot');
    await expect(dialog(page).getByText('Please enter a valid URL')).toBeVisible();
    await expect(dialog(page).getByText('Please enter a valid date')).toBeVisible();
    await expect(dialog(page).getByText('Enter the investment amount as a number of US dollars')).toBeVisible();
    await dialog(page).getByLabel('Investment Date', { exact: true }).fill('01/01/2999');
    await expect(dialog(page).getByText('Investment date cannot be in the future')).toBeVisible();

    // Escape closes without saving; nothing was stored.
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByRole('heading', { name: 'No portfolio companies' })).toBeVisible();
  });

  test('adds a connected startup in one step, prefilled from its profile', async ({ page, browser }) => {
    const investor = await registerViaApi(page, 'investor');
    await saveInvestorProfileViaApi(page, { industryFocus: ['FinTech', 'SaaS'], stagePreference: ['Seed', 'Series A'] });
    const { context: startupContext, page: startupPage, user: startup } = await newParty(browser, 'startup');
    await connectViaApi(startupPage, investor, page);
    await startupContext.close();

    await openPortfolio(page);
    await expect(page.getByText('One startup you are connected with can be added in one step.')).toBeVisible();

    // A link such as /investor/portfolio?add=<id> opens the dialog already filled in.
    await page.goto(`/investor/portfolio?add=${startup.id}`);
    await expect(dialog(page).getByLabel('Add from your connections')).toHaveValue(String(startup.id));
    await expect(dialog(page).getByLabel('Company Name')).toHaveValue(STARTUP_PROFILE.companyName);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL('/investor/portfolio');

    // Or choose the startup in the dialog: its profile fills the form; only the investment is left.
    await page.getByRole('button', { name: 'Add Company' }).first().click();
    await dialog(page).getByLabel('Add from your connections').selectOption({ label: STARTUP_PROFILE.companyName });
    await expect(dialog(page).getByLabel('Company Name')).toHaveValue(STARTUP_PROFILE.companyName);
    await expect(dialog(page).getByLabel('Website')).toHaveValue(STARTUP_PROFILE.website);
    await expect(dialog(page).getByLabel('Industry')).toHaveValue(STARTUP_PROFILE.industry);
    await expect(dialog(page).getByLabel('Stage')).toHaveValue(STARTUP_PROFILE.stage);
    await expect(dialog(page).getByLabel('Description')).toHaveValue(STARTUP_PROFILE.description);
    await dialog(page).getByLabel('Investment Date', { exact: true }).fill('03/01/2026');
    await dialog(page).getByLabel('Investment Amount').fill('1.5M');
    await dialog(page).getByRole('button', { name: 'Add Company' }).click();
    await expectToast(page, 'Company added', `${STARTUP_PROFILE.companyName} has been added to your portfolio.`);
    const added = card(page, STARTUP_PROFILE.companyName);
    await expect(added.getByRole('link', { name: `View profile of ${STARTUP_PROFILE.companyName}` })).toHaveAttribute('href', `/startup/${startup.id}`);

    // Once added it is no longer offered.
    await page.getByRole('button', { name: 'Add Company' }).click();
    await expect(dialog(page).getByLabel('Company Name')).toBeVisible();
    await expect(dialog(page).getByLabel('Add from your connections')).toHaveCount(0);
  });

  test('works with the keyboard, at 375px, and passes axe in both themes', async ({ page }) => {
    await registerViaApi(page, 'investor');
    await openPortfolio(page);
    await expect(page.getByRole('heading', { name: 'No portfolio companies' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Keyboard: open the dialog, land in the form, close with Escape, focus returns.
    const addButton = page.getByRole('button', { name: 'Add Company' }).first();
    await addButton.focus();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByLabel('Company Name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(addButton).toBeFocused();

    await addCompanyViaApi(page, { ...GRIDWISE, website: 'https://gridwise.example.com' });
    await addCompanyViaApi(page, {
      ...GRIDWISE,
      companyName: 'An Unusually Long Company Name Incorporated Worldwide',
      performance: 'growing',
      industry: 'SaaS',
    });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await openPortfolio(page);
      await expect(companyCards(page)).toHaveCount(2);
      expect(await seriousViolations(page), scheme).toEqual([]);
    }

    await page.setViewportSize({ width: 375, height: 800 });
    await openPortfolio(page);
    await expect(companyCards(page)).toHaveCount(2);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: 'Edit Gridwise' }).click();
    await expect(dialog(page)).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await dialog(page).getByRole('button', { name: 'Choose Investment Date' }).click();
    await expect(page.getByRole('grid')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    // The dashboard's portfolio block truncates the long name instead of widening the page.
    await page.goto('/investor/dashboard');
    await expect(page.getByRole('region', { name: 'Portfolio' }).getByRole('listitem')).toHaveCount(2);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
