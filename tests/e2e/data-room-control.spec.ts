// Data room control in the browser (issue #20): the founder gates the room with the template NDA,
// the investor accepts it with their full name and sees the page with a watermark naming them drawn
// into the page's canvas, and the founder downloads the acceptance log. Plus the per-grant settings
// in the Share dialog, a watermarked table preview, and axe scans of the NDA and share dialogs at
// 375px.
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { csvBytes, textBytes } from '../support/document-fixtures';
import {
  connectViaApi,
  hasHorizontalScroll,
  newParty,
  registerViaApi,
  saveStartupProfileViaApi,
  seriousViolations,
  STARTUP_PROFILE,
  type Party,
  type RegisteredUser,
} from './helpers';

/** A toast, found by CSS: while a modal dialog is open, Radix hides the rest of the page from the accessibility tree. */
async function expectToast(page: Page, title: string): Promise<void> {
  await expect(page.locator('[role="region"][aria-label^="Notifications"]').getByText(title, { exact: true })).toBeVisible();
}

/** A startup signed in on `page` and a connected investor in a browser context of their own. */
async function connectedPair(page: Page, browser: Browser): Promise<{ startup: RegisteredUser; investor: Party; firmName: string }> {
  const startup = await registerViaApi(page, 'startup');
  await saveStartupProfileViaApi(page);
  const suffix = Math.random().toString(36).slice(2, 8);
  const firmName = `Ledger Partners ${suffix}`;
  const investor = await newParty(
    browser,
    'investor',
    {
      firmName,
      location: STARTUP_PROFILE.location,
      industryFocus: [STARTUP_PROFILE.industry],
      stagePreference: [STARTUP_PROFILE.stage],
      investmentRange: ['$1M - $3M'],
      investmentThesis: 'We back FinTech analytics companies at Series A with strong technical teams in Berlin.',
    },
    { firstName: 'Grace', lastName: 'Hopper' },
  );
  await connectViaApi(page, investor.user, investor.page);
  return { startup, investor, firmName };
}

async function uploadViaApi(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, fields: { type: string; name: string }): Promise<number> {
  const response = await page.request.post('/api/documents', { multipart: { ...fields, file } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** A one-page US Letter PDF with one line of text near the top: the lower half of the page is blank paper. */
function onePagePdf(line: string): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${line}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A minimal DOCX that docx-preview renders: one paragraph. */
function oneParagraphDocx(text: string): Buffer {
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': strToU8(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
      ),
    }),
  );
}

/**
 * How many pixels of the lower half of the dialog's PDF canvas are not white paper. The test PDF
 * has nothing there, so anything drawn is the watermark, read back from the canvas itself.
 */
async function inkInLowerHalf(dialog: Locator): Promise<number> {
  return dialog
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext('2d')!;
      const top = Math.floor(canvas.height / 2);
      const { data } = context.getImageData(0, top, canvas.width, canvas.height - top);
      let ink = 0;
      for (let index = 0; index < data.length; index += 4) if (data[index]! < 245 || data[index + 1]! < 245 || data[index + 2]! < 245) ink++;
      return ink;
    });
}

test.describe('data room control', () => {
  test('the founder gates the room with the template NDA, the investor accepts and sees a watermarked page with their email, and the founder downloads the acceptance log', async ({
    page,
    browser,
  }) => {
    const { investor, firmName } = await connectedPair(page, browser);
    // Financial projections start watermarked; a pitch deck does not (the control below).
    await uploadViaApi(
      page,
      { name: 'forecast.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Forecast 2027') },
      { type: 'Financial Projections', name: 'Forecast' },
    );
    await uploadViaApi(page, { name: 'deck.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Deck') }, { type: 'Pitch Deck', name: 'Deck' });

    await page.goto('/startup/data-room');
    const forecastRow = page.getByRole('row', { name: /Forecast/ });
    await expect(forecastRow.getByText('Watermarked')).toBeVisible();
    await expect(page.getByRole('row', { name: /Deck/ }).getByText('Watermarked')).toHaveCount(0);

    // The control: the founder's preview of the unwatermarked deck has blank paper below its line.
    await page.getByRole('button', { name: 'Preview Deck' }).click();
    const deckPreview = page.getByRole('dialog', { name: 'Deck' });
    await expect(deckPreview.locator('canvas').first()).toBeVisible();
    await expect(deckPreview.locator('.textLayer').getByText('Deck')).toBeAttached(); // pdf.js's text layer is there
    expect(await inkInLowerHalf(deckPreview)).toBe(0);
    await page.keyboard.press('Escape');
    await expect(deckPreview).toBeHidden();

    // Share the forecast for 30 days, view only (the default).
    await forecastRow.getByRole('button', { name: 'Share Forecast' }).click();
    const share = page.getByRole('dialog', { name: 'Share "Forecast"' });
    await expect(share.getByRole('switch', { name: 'Watermark' })).toBeChecked();
    await expect(share.getByRole('switch', { name: 'Download allowed', exact: true })).not.toBeChecked();
    await share.getByLabel('Access until', { exact: true }).selectOption('30');
    await share.getByRole('button', { name: `Share with ${firmName}` }).click();
    await expectToast(page, 'Document shared');
    await expect(share.getByText(/until .*, view only/)).toBeVisible();
    // (Escape would dismiss the toast first: it is the topmost layer.)
    await share.getByRole('button', { name: 'Close sharing' }).click();

    // Gate the whole room with the template NDA, which names the company.
    await page.getByRole('button', { name: 'NDA', exact: true }).click();
    const ndaDialog = page.getByRole('dialog', { name: 'NDA' });
    await expect(ndaDialog.getByLabel('NDA text')).toHaveValue(new RegExp(STARTUP_PROFILE.companyName));
    await expect(ndaDialog.getByText('No one has accepted your NDA yet.')).toBeVisible();
    await ndaDialog.getByRole('switch', { name: 'Require an NDA for the whole data room' }).click();
    await ndaDialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'NDA saved');
    await expect(ndaDialog).toBeHidden();

    // The investor opens the forecast: the NDA comes first, and nothing is downloadable.
    const investorPage = investor.page;
    await investorPage.goto('/investor/documents');
    const sharedRow = investorPage.getByRole('row', { name: /Forecast/ });
    await expect(sharedRow.getByText('NDA to accept')).toBeVisible();
    await expect(sharedRow.getByRole('link', { name: 'Download Forecast' })).toHaveCount(0);
    const contentRequests: string[] = [];
    investorPage.on('request', (request) => {
      if (request.url().includes('/content')) contentRequests.push(request.url());
    });
    await sharedRow.getByRole('button', { name: 'Preview Forecast' }).click();
    const preview = investorPage.getByRole('dialog', { name: 'Forecast' });
    await expect(preview.getByRole('region', { name: /NDA text, version 1/ })).toContainText(STARTUP_PROFILE.companyName);
    expect(contentRequests, 'no byte of the document before the NDA is accepted').toEqual([]);

    await preview.getByRole('button', { name: 'Accept and open' }).click();
    await expect(preview.getByText('Please type your full name.')).toBeVisible();
    const typedName = 'Grace Brewster Hopper';
    await preview.getByLabel('Full name').fill(typedName);
    await preview.getByLabel('I agree').check();
    await preview.getByRole('button', { name: 'Accept and open' }).click();

    // The page, with the watermark drawn into its canvas, and no selectable text layer.
    await expect(preview.getByText('Page 1 of 1')).toBeVisible();
    await expect(preview.locator('canvas[data-watermarked="true"]')).toHaveCount(1);
    expect(await inkInLowerHalf(preview)).toBeGreaterThan(500);
    await expect(preview.getByText('Forecast 2027')).toHaveCount(0);
    await expect(preview.getByTestId('watermark-caption')).toContainText(investor.user.email);
    await expect(preview.getByText('View only: the founder has not allowed downloads.')).toBeVisible();
    await expect(preview.getByRole('link', { name: 'Download' })).toHaveCount(0);
    await investorPage.keyboard.press('Escape');
    await expect(sharedRow.getByText('NDA to accept')).toHaveCount(0);

    // The founder sees the acceptance and downloads the log.
    await page.getByRole('button', { name: 'NDA', exact: true }).click();
    const log = ndaDialog.getByRole('region', { name: 'Acceptance log' });
    await expect(log.getByRole('row', { name: new RegExp(typedName) })).toContainText(investor.user.email);
    await expect(log.getByRole('link', { name: `Certificate for ${typedName}, version 1` })).toBeVisible();
    const download = page.waitForEvent('download');
    await ndaDialog.getByRole('link', { name: 'Download CSV' }).click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    expect(csv).toContain(typedName);
    expect(csv).toContain(investor.user.email);
    await investor.context.close();
  });
});

test.describe('data room control on a 375px screen, and axe', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the NDA dialog, the share dialog with access settings, the NDA gate and a watermarked table fit and pass axe', async ({ page, browser }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const { investor, firmName } = await connectedPair(page, browser);
    const csvId = await uploadViaApi(page, { name: 'runway.csv', mimeType: 'text/csv', buffer: csvBytes() }, { type: 'Financial Projections', name: 'Runway' });
    await page.goto('/startup/data-room');

    await page.getByRole('button', { name: 'NDA', exact: true }).click();
    const ndaDialog = page.getByRole('dialog', { name: 'NDA' });
    await expect(ndaDialog.getByText('No one has accepted your NDA yet.')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await ndaDialog.getByRole('switch', { name: 'Require an NDA for the whole data room' }).click();
    await ndaDialog.getByRole('button', { name: 'Save' }).click();
    await expect(ndaDialog).toBeHidden();

    // Share with a download allowed and an end date, then change the grant in place.
    await page.getByRole('button', { name: 'Share Runway' }).click();
    const share = page.getByRole('dialog', { name: 'Share "Runway"' });
    await share.getByLabel('Access until', { exact: true }).selectOption('7');
    await share.getByRole('switch', { name: 'Download allowed', exact: true }).click();
    await share.getByRole('button', { name: `Share with ${firmName}` }).click();
    await expect(share.getByText(/until .*, download allowed/)).toBeVisible();
    await share.getByRole('switch', { name: `Download allowed, ${firmName}` }).click();
    await expect(share.getByText(/until .*, view only/)).toBeVisible();
    await share.getByLabel(`Access until, ${firmName}`).selectOption('none');
    await expect(share.getByText(/no end date, view only/)).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await share.getByRole('button', { name: 'Close sharing' }).click();

    // The founder's own preview of the watermarked CSV is painted, not a table of text.
    await page.getByRole('button', { name: 'Preview Runway' }).click();
    const ownPreview = page.getByRole('dialog', { name: 'Runway' });
    await expect(ownPreview.getByRole('img', { name: 'Runway, watermarked preview' })).toHaveAttribute('data-watermarked', 'true');
    await expect(ownPreview.getByRole('cell')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // Legal documents start watermarked too: text and the words of a DOCX are painted, never in the page.
    await uploadViaApi(page, { name: 'terms.txt', mimeType: 'text/plain', buffer: textBytes() }, { type: 'Legal Document', name: 'Terms' });
    await uploadViaApi(
      page,
      { name: 'sha.docx', mimeType: 'application/octet-stream', buffer: oneParagraphDocx('Shareholders agree to everything.') },
      { type: 'Legal Document', name: 'Agreement' },
    );
    await page.reload();
    for (const [name, text] of [
      ['Terms', 'We help small businesses forecast cash.'],
      ['Agreement', 'Shareholders agree to everything.'],
    ] as const) {
      await page.getByRole('button', { name: `Preview ${name}` }).click();
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog.getByRole('img', { name: `${name}, watermarked preview` })).toHaveAttribute('data-watermarked', 'true');
      await expect(dialog.getByText(text)).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }

    // The investor's NDA gate at 375px.
    const investorPage = investor.page;
    await investorPage.setViewportSize({ width: 375, height: 812 });
    await investorPage.emulateMedia({ colorScheme: 'light' });
    await investorPage.goto('/investor/documents');
    await investorPage.getByRole('button', { name: 'Preview Runway' }).click();
    const gate = investorPage.getByRole('dialog', { name: 'Runway' });
    await expect(gate.getByRole('button', { name: 'Accept and open' })).toBeVisible();
    expect(await hasHorizontalScroll(investorPage)).toBe(false);
    expect(await seriousViolations(investorPage)).toEqual([]);
    expect((await investorPage.request.get(`/api/documents/${csvId}/content`)).status()).toBe(403);
    await investor.context.close();
  });
});
