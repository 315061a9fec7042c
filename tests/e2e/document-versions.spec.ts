// Versions that keep their link (issue #21), in the browser: the founder uploads version 2 of a
// shared document through the Versions dialog, the investor's viewer of the same document shows
// version 2, and after the founder restores version 1 (with a confirmation) it shows version 1.
import { expect, test, type Page } from '@playwright/test';
import { connectViaApi, newParty, registerViaApi, saveStartupProfileViaApi, STARTUP_PROFILE } from './helpers';

const textFile = (line: string) => ({ name: 'plan.txt', mimeType: 'text/plain', buffer: Buffer.from(`${line}\n`) });

async function expectToast(page: Page, title: string): Promise<void> {
  await expect(page.locator('[role="region"][aria-label^="Notifications"]').getByText(title, { exact: true })).toBeVisible();
}

test('the founder uploads a new version and restores the first; the investor always opens the current one', async ({ page, browser }) => {
  await registerViaApi(page, 'startup');
  await saveStartupProfileViaApi(page);
  const investor = await newParty(browser, 'investor', {
    firmName: `Version Partners ${Math.random().toString(36).slice(2, 8)}`,
    location: STARTUP_PROFILE.location,
    industryFocus: [STARTUP_PROFILE.industry],
    stagePreference: [STARTUP_PROFILE.stage],
    investmentRange: ['$1M - $3M'],
    investmentThesis: 'We back FinTech analytics companies at Series A with strong technical teams in Berlin.',
  });
  await connectViaApi(page, investor.user, investor.page);
  const uploaded = await page.request.post('/api/documents', { multipart: { name: 'Plan', type: 'Business Plan', file: textFile('Version one of the plan') } });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const documentId = ((await uploaded.json()) as { id: number }).id;
  const shared = await page.request.post(`/api/documents/${documentId}/access`, { data: { userId: investor.user.id } });
  expect(shared.status(), await shared.text()).toBe(201);

  // The founder uploads version 2 with a note.
  await page.goto('/startup/data-room');
  await page.getByRole('button', { name: 'Versions of Plan' }).click();
  const versions = page.getByRole('dialog', { name: 'Versions of Plan' });
  await expect(versions.getByTestId('version-1')).toContainText('Current');
  await versions.getByLabel('File', { exact: true }).setInputFiles(textFile('Version two of the plan'));
  await versions.getByLabel(/^Note/).fill('New numbers');
  await versions.getByRole('button', { name: 'Upload new version' }).click();
  await expectToast(page, 'New version uploaded');
  await expect(versions.getByTestId('version-2')).toContainText('Current');
  await expect(versions.getByTestId('version-2')).toContainText('New numbers');
  await expect(versions.getByTestId('version-1')).not.toContainText('Current');

  // The investor's viewer of the same document shows version 2.
  const investorPage = investor.page;
  await investorPage.goto('/investor/documents');
  await investorPage.getByRole('button', { name: 'Preview Plan' }).click();
  const viewer = investorPage.getByRole('dialog', { name: 'Plan' });
  await expect(viewer.getByText('Version two of the plan')).toBeVisible();
  await viewer.press('Escape');
  await expect(viewer).toBeHidden();

  // The founder restores version 1, after a confirmation; it comes back as version 3.
  await versions.getByRole('button', { name: 'Restore version 1' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Restore version 1' });
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expectToast(page, 'Version restored');
  await expect(versions.getByTestId('version-3')).toContainText('Current');
  await expect(versions.getByTestId('version-3')).toContainText('Restored version 1');

  await investorPage.getByRole('button', { name: 'Preview Plan' }).click();
  await expect(viewer.getByText('Version one of the plan')).toBeVisible();
  await investor.context.close();
});
