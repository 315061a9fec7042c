// The investor track record (issue #19): an investor imports a small mixed CSV (the preview shows
// each bad row's errors before anything is saved), imports the valid rows, and a startup opening
// the investor's public profile sees the counts by stage and by industry. Also one by one: add,
// edit and delete with confirmation, at 375px, by keyboard, with axe scans.
import { expect, test, type Page } from '@playwright/test';
import { expectToast, hasHorizontalScroll, newParty, registerViaApi, saveInvestorProfileViaApi, seriousViolations } from './helpers';

const dialog = (page: Page) => page.getByRole('dialog');
const chart = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

async function openTrackRecordTab(page: Page) {
  await page.goto('/investor/profile?tab=track-record');
  await expect(page.getByRole('tab', { name: 'Track record', selected: true })).toBeVisible();
}

const MIXED_CSV = [
  'company_name,funded_at,funding_round_type,company_category_list,company_city,raised_amount_usd',
  'PayLane,2019-03-14,seed,Fintech|Payments,London,1500000',
  'Curely,07/01/2021,series-a,Health Care,Boston,12M',
  'Mystery Co,someday,series-z,Pets,Nowhere,lots',
  'Ledgerly,2022-05,seed,Banking,Berlin,',
].join('\n');

test.describe('investor track record', () => {
  test('imports a mixed CSV after a preview with row errors, and a startup sees the counts on the public profile', async ({ page, browser }) => {
    const investor = await registerViaApi(page, 'investor');
    await saveInvestorProfileViaApi(page);
    await openTrackRecordTab(page);
    await expect(page.getByRole('heading', { name: 'No investments yet' })).toBeVisible();

    await page.getByRole('button', { name: 'Import CSV' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Import CSV' })).toBeVisible();
    await dialog(page)
      .getByLabel('CSV file')
      .setInputFiles({ name: 'crunchbase-rounds.csv', mimeType: 'text/csv', buffer: Buffer.from(MIXED_CSV) });
    await expect(dialog(page).getByText('crunchbase-rounds.csv')).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Preview' }).click();

    // The suggested mapping, as editable selects, and each row's fate.
    await expect(dialog(page).getByLabel('Company', { exact: true })).toHaveValue('company_name');
    await expect(dialog(page).getByLabel('Stage', { exact: true })).toHaveValue('funding_round_type');
    await expect(dialog(page).getByLabel('Industry', { exact: true })).toHaveValue('company_category_list');
    await expect(dialog(page).getByText('4 rows: 3 ready to import, 1 with errors.')).toBeVisible();
    const badRow = dialog(page).locator('[data-row-number="4"]');
    await expect(badRow).toContainText('Please enter a valid date: “someday” is not a date');
    await expect(badRow).toContainText('Please choose a stage: “series-z” is not a stage we know');
    await expect(badRow).toContainText('Please choose an industry: “Pets” is not an industry we know');
    await expect(badRow).toContainText('The amount “lots” is not a number of US dollars');
    await expect(dialog(page).locator('[data-row-number="2"]')).toContainText('PayLane');
    expect(await seriousViolations(page)).toEqual([]);

    // Choosing "no column" for the amount re-reads the file: the bad row then has one error fewer.
    await dialog(page).getByLabel('Amount (USD) (optional)').selectOption('');
    await expect(badRow).not.toContainText('The amount');
    await dialog(page).getByLabel('Amount (USD) (optional)').selectOption('raised_amount_usd');
    await expect(badRow).toContainText('The amount “lots” is not a number of US dollars');

    await dialog(page).getByRole('button', { name: 'Import 3 investments' }).click();
    await expectToast(page, 'Import finished', '3 investments imported, 1 row rejected.');
    await expect(dialog(page)).toHaveCount(0);
    const list = page.getByRole('list', { name: 'Track record' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    // Newest first.
    await expect(list.getByRole('listitem').first()).toContainText('Ledgerly');

    // The startup opens the investor's public profile: the track record with its counts.
    const founder = await newParty(browser, 'startup');
    try {
      await founder.page.goto(`/investor/${investor.id}`);
      const section = founder.page.getByRole('region', { name: 'Track record' });
      await expect(section.getByText('3 investments from 2019 to 2022.')).toBeVisible();
      await expect(chart(founder.page, 'By stage').locator('figcaption')).toHaveText('Most investments in Seed (2), across 2 stages.');
      await expect(chart(founder.page, 'By industry').locator('figcaption')).toHaveText('Most investments in FinTech (2), across 2 industries.');
      await expect(chart(founder.page, 'By stage').locator('[data-chart-canvas] .recharts-bar-rectangle')).toHaveCount(2);
      await chart(founder.page, 'By industry').getByRole('button', { name: 'Show table for By industry' }).click();
      await expect(chart(founder.page, 'By industry').getByRole('table')).toContainText('HealthTech');
      await expect(section.getByRole('heading', { name: 'Deals' })).toBeVisible();
      await expect(section.getByText('Curely')).toBeVisible();
      expect(await seriousViolations(founder.page)).toEqual([]);
    } finally {
      await founder.context.close();
    }
  });

  test('adds, edits and deletes one investment by keyboard at 375px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await registerViaApi(page, 'investor');
    await saveInvestorProfileViaApi(page);
    await openTrackRecordTab(page);
    await expect(page.getByRole('heading', { name: 'No investments yet' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByRole('button', { name: 'Add investment' }).focus();
    await page.keyboard.press('Enter');
    const form = dialog(page);
    await expect(form.getByRole('heading', { name: 'Add investment' })).toBeVisible();
    // Submitting empty shows the form's sentences.
    await form.getByRole('button', { name: 'Add investment' }).click();
    await expect(form.getByText('Please enter the company name')).toBeVisible();
    await expect(form.getByText('Please choose a stage')).toBeVisible();

    await form.getByLabel('Company', { exact: true }).fill('Nimbus Health');
    await form.getByLabel('Date', { exact: true }).fill('06/30/2024');
    await form.getByLabel('Stage').selectOption('Seed');
    await form.getByLabel('Industry').selectOption('HealthTech');
    await form.getByLabel('Amount').fill('500k');
    await form.getByLabel('Link').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Add investment' }).click();
    await expect(form.getByText('A link must be a web address starting with http:// or https://')).toBeVisible();
    await form.getByLabel('Link').fill('https://nimbus.example');
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByLabel('Link').press('Enter');
    await expectToast(page, 'Investment added', 'Nimbus Health has been added to your track record.');
    const row = page.getByRole('list', { name: 'Track record' }).getByRole('listitem');
    await expect(row).toContainText('Nimbus Health');
    await expect(row).toContainText('$500K');
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByRole('button', { name: 'Edit Nimbus Health' }).click();
    await form.getByLabel('Stage').selectOption('Pre-seed');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Investment updated', 'Nimbus Health has been updated.');
    await expect(row).toContainText('Pre-seed');

    await page.getByRole('button', { name: 'Delete Nimbus Health' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete "Nimbus Health" from your track record?');
    // Focus starts on Cancel: a stray Enter never deletes.
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Investment deleted', 'Nimbus Health has been deleted from your track record.');
    await expect(page.getByRole('heading', { name: 'No investments yet' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Track record', level: 2 })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);

    // Four profile tabs now: they fit without sideways scroll at every width the layout changes at.
    for (const width of [640, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(page.getByRole('tab', { name: 'Track record' })).toBeVisible();
      expect(await hasHorizontalScroll(page), `${width}px`).toBe(false);
    }
  });
});
