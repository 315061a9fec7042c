// The data room in the browser (issue #5): upload with real progress, previews of every type,
// sharing with an accepted investor, the investor's "Shared with me" screen, instant revocation,
// the spec's validation toasts and delete confirmation, 375px layouts and axe scans.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { csvBytes, drawablePdfBytes, pdfBytes, pptxBytes, textBytes } from '../support/document-fixtures';
import {
  connectViaApi,
  hasHorizontalScroll,
  registerViaApi,
  saveInvestorProfileViaApi,
  saveStartupProfileViaApi,
  seriousViolations,
  STARTUP_PROFILE,
  type RegisteredUser,
} from './helpers';

const MiB = 1024 * 1024;

/**
 * A toast, found by CSS rather than by role: while a modal dialog is open, Radix marks the rest of
 * the page (the notifications region included) aria-hidden. Screen readers still hear the toast
 * through Radix's separate live announcement, which is added after the dialog opened.
 */
async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const region = page.locator('[role="region"][aria-label^="Notifications"]');
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (description !== undefined) await expect(region.getByText(description, { exact: true })).toBeVisible();
}

/** A second signed-in browser (its own cookies) for the other party. */
async function openSecondUser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: test.info().project.use.viewport ?? undefined });
  return context.newPage();
}

/**
 * A startup (on `page`) and an investor (on a second page) with an accepted match. The investor's
 * criteria fit the startup exactly, so the startup's generated matches always include them.
 */
async function connectedPair(
  page: Page,
  browser: Browser,
): Promise<{ startup: RegisteredUser; investor: RegisteredUser; investorPage: Page; firmName: string }> {
  const startup = await registerViaApi(page, 'startup');
  await saveStartupProfileViaApi(page);
  const investorPage = await openSecondUser(browser);
  const investor = await registerViaApi(investorPage, 'investor');
  const firmName = `Ledger Partners ${investor.username.slice(-6)}`;
  await saveInvestorProfileViaApi(investorPage, {
    firmName,
    location: STARTUP_PROFILE.location,
    industryFocus: [STARTUP_PROFILE.industry],
    stagePreference: [STARTUP_PROFILE.stage],
    investmentRange: ['$1M - $3M'],
    investmentThesis: 'We back FinTech analytics companies at Series A with strong technical teams in Berlin.',
  });
  await connectViaApi(page, investor, investorPage);
  return { startup, investor, investorPage, firmName };
}

async function uploadViaApi(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  fields: { type: string; name?: string },
): Promise<{ id: number; name: string }> {
  const response = await page.request.post('/api/documents', { multipart: { ...fields, file } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

// Real Office files, small enough to build here: docx-preview and read-excel-file need the
// relationships and parts a real editor writes, not just a recognisable zip.
function realDocx(paragraphs: string[]): Buffer {
  const body = paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`).join('');
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': strToU8(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:body></w:document>`,
      ),
    }),
  );
}

function realXlsx(rows: Array<Array<string | number>>): Buffer {
  const columns = 'ABCDEFGH';
  const sheetRows = rows
    .map(
      (row, rowIndex) =>
        `<row r="${rowIndex + 1}">${row
          .map((value, columnIndex) => {
            const ref = `${columns[columnIndex]}${rowIndex + 1}`;
            return typeof value === 'number' ? `<c r="${ref}"><v>${value}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
          })
          .join('')}</row>`,
    )
    .join('');
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
      'xl/workbook.xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Forecast" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
      'xl/_rels/workbook.xml.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
      'xl/worksheets/sheet1.xml': strToU8(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
      ),
    }),
  );
}

const PDF_MIME = 'application/pdf';

test.describe('data room', () => {
  test('upload a PDF with visible progress, preview it, share it, the investor opens it, revoke, and the investor loses access', async ({ page, browser }) => {
    const { investorPage, firmName } = await connectedPair(page, browser);

    await page.goto('/startup/data-room');
    await expect(page.getByRole('heading', { level: 1, name: 'Data Room' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No documents' })).toBeVisible();

    // Upload: a 3 MB deck over a link throttled to 1 MB/s, so the real progress events show.
    await page.getByRole('button', { name: 'Upload Document' }).click();
    const uploadDialog = page.getByRole('dialog', { name: 'Upload Document' });
    await uploadDialog.getByLabel('File').setInputFiles({ name: 'series-a-deck.pdf', mimeType: PDF_MIME, buffer: drawablePdfBytes(3, 3 * MiB) });
    await expect(uploadDialog.getByText('series-a-deck.pdf')).toBeVisible();
    await expect(uploadDialog.getByLabel('Document Name')).toHaveValue('series-a-deck');
    await uploadDialog.getByLabel('Document Name').fill('Series A deck');
    await uploadDialog.getByLabel('Document Type').selectOption('Pitch Deck');

    // Every value the progress bar takes is recorded in the page, so nothing depends on timing.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        const value = bar?.getAttribute('aria-valuenow');
        if (value !== null && value !== undefined && seen.at(-1) !== Number(value)) seen.push(Number(value));
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: MiB });
    await uploadDialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(uploadDialog.getByRole('progressbar', { name: 'Uploading series-a-deck.pdf' })).toBeVisible();
    await expect(uploadDialog.getByRole('button', { name: 'Cancel upload' })).toBeVisible();
    await expectToast(page, 'Document uploaded', 'Your document has been uploaded successfully.');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(uploadDialog).toBeHidden();
    const progressSeen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(progressSeen.filter((value) => value > 0 && value < 100).length, `progress values: ${progressSeen.join(', ')}`).toBeGreaterThanOrEqual(3);

    const row = page.getByRole('row', { name: /Series A deck/ });
    await expect(row).toContainText('Not shared');
    await expect(row).toContainText('PDF');
    await expect(row).toContainText('3.0 MB');

    // Preview: pdf.js draws the pages, reading the file by byte ranges rather than whole.
    const ranges: string[] = [];
    page.on('request', (request) => {
      const range = request.headers()['range'];
      if (request.url().includes('/content') && range) ranges.push(range);
    });
    await row.getByRole('button', { name: 'Preview Series A deck' }).click();
    const preview = page.getByRole('dialog', { name: 'Series A deck' });
    await expect(preview.getByText('Page 1 of 3')).toBeVisible();
    await expect(preview.locator('canvas').first()).toBeVisible();
    await expect(preview.getByText('Deck page 1')).toBeAttached(); // pdf.js's text layer
    expect(await seriousViolations(page)).toEqual([]);
    expect(ranges.length, 'pdf.js should fetch byte ranges').toBeGreaterThan(0);
    await preview.getByRole('button', { name: 'Next page' }).click();
    await expect(preview.getByText('Page 2 of 3')).toBeVisible();
    await preview.getByRole('button', { name: 'Close preview' }).click();
    await expect(preview).toBeHidden();

    // Share with the accepted investor.
    await row.getByRole('button', { name: 'Share Series A deck' }).click();
    const shareDialog = page.getByRole('dialog', { name: 'Share "Series A deck"' });
    await shareDialog.getByRole('button', { name: `Share with ${firmName}` }).click();
    await expectToast(page, 'Document shared', `${firmName} can now open "Series A deck".`);
    await expect(shareDialog.getByText('Has access')).toBeVisible();
    await expect(shareDialog.getByText('Not opened yet')).toBeVisible();
    await expect(shareDialog.getByRole('button', { name: `Remove access for ${firmName}` })).toBeFocused(); // focus stays put
    await shareDialog.getByRole('button', { name: 'Close sharing' }).click();
    await expect(row).toContainText('1 investor');

    // The investor finds it under Documents and opens it.
    await investorPage.goto('/investor/dashboard');
    await investorPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
    await expect(investorPage).toHaveURL('/investor/documents');
    await expect(investorPage.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    const sharedRow = investorPage.getByRole('row', { name: /Series A deck/ });
    await expect(sharedRow).toContainText(STARTUP_PROFILE.companyName);
    await sharedRow.getByRole('button', { name: 'Preview Series A deck' }).click();
    const investorPreview = investorPage.getByRole('dialog', { name: 'Series A deck' });
    await expect(investorPreview.getByText('Page 1 of 3')).toBeVisible();
    await expect(investorPreview.getByText(`Shared by ${STARTUP_PROFILE.companyName}`)).toBeVisible();

    // The startup sees the open as it happens.
    await expect(row).toContainText('1 view');

    // Revoke while the investor still has the preview open.
    await row.getByRole('button', { name: 'Share Series A deck' }).click();
    await shareDialog.getByRole('button', { name: `Remove access for ${firmName}` }).click();
    await expectToast(page, 'Access removed', `${firmName} can no longer open "Series A deck".`);
    await expect(shareDialog.getByText('Access removed', { exact: true })).toBeVisible();
    await expect(shareDialog.getByText(/1 view/)).toBeVisible(); // the history stays with the owner
    await expect(shareDialog.getByRole('button', { name: `Share again with ${firmName}` })).toBeVisible();

    // The investor loses access at once: the open preview closes and the document leaves the list.
    await expect(investorPreview).toBeHidden();
    await expectToast(investorPage, 'Access removed', 'This document is no longer shared with you.');
    await expect(investorPage.getByRole('heading', { name: 'No documents' })).toBeVisible();
    const documentId = Number((await page.request.get('/api/documents').then((response) => response.json()))[0].id);
    expect((await investorPage.request.get(`/api/documents/${documentId}/content`)).status()).toBe(404);
    await investorPage.context().close();
  });

  test('the spec toasts for a missing file or type, the 10 MB and type checks, a server refusal, and the delete confirmation', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await uploadViaApi(page, { name: 'q3.csv', mimeType: 'text/csv', buffer: csvBytes() }, { type: 'Financial Projections', name: 'Q3 numbers' });
    await page.goto('/startup/data-room');

    await page.getByRole('button', { name: 'Upload Document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Document' });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectToast(page, 'No file selected', 'Please select a file to upload.');

    await dialog.getByLabel('File').setInputFiles({ name: 'deck.pdf', mimeType: PDF_MIME, buffer: pdfBytes() });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectToast(page, 'No document type selected', 'Please select a document type.');

    // Over 10 MB: stopped in the browser with a clear sentence, nothing sent.
    await dialog.getByLabel('Document Type').selectOption('Pitch Deck');
    await dialog.getByLabel('File').setInputFiles({ name: 'huge.pdf', mimeType: PDF_MIME, buffer: pdfBytes(1, 10 * MiB + 1) });
    const tooLarge = 'This file is larger than 10 MB. Choose a file of 10 MB or less.';
    await expect(dialog.getByRole('alert')).toHaveText(tooLarge);
    await expect(dialog.getByLabel('File')).toHaveAttribute('aria-invalid', 'true');
    // Refused on the spot (issue #15): nothing is kept to upload.
    await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();

    await dialog.getByLabel('File').setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect(dialog.getByRole('alert')).toHaveText('Files of type .exe cannot be uploaded. Choose a PDF, Word, Excel, PowerPoint, text or CSV file.');

    // A web page renamed .pdf passes the browser's checks; the server reads the bytes and refuses.
    await dialog
      .getByLabel('File')
      .setInputFiles({ name: 'invoice.pdf', mimeType: PDF_MIME, buffer: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>') });
    await expect(dialog.getByRole('alert')).toBeHidden();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectToast(page, 'Upload failed', "This file's contents do not match its .pdf extension.");
    await expect(dialog).toBeVisible(); // still open, to fix and retry
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();

    // Delete asks first, with the spec's sentence; Cancel keeps the document.
    const row = page.getByRole('row', { name: /Q3 numbers/ });
    await row.getByRole('button', { name: 'Delete Q3 numbers' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('Are you sure you want to delete "Q3 numbers"?', { exact: true })).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Delete Q3 numbers' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Document deleted', 'The document has been deleted successfully.');
    await expect(page.getByRole('heading', { name: 'No documents' })).toBeVisible();
  });

  test('previews DOCX, XLSX, CSV and TXT in place, and offers a download for PowerPoint', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await uploadViaApi(
      page,
      { name: 'plan.docx', mimeType: 'application/octet-stream', buffer: realDocx(['Business plan 2027', 'We sell forecasting to bakeries.']) },
      { type: 'Business Plan', name: 'Business plan' },
    );
    await uploadViaApi(
      page,
      {
        name: 'model.xlsx',
        mimeType: 'application/octet-stream',
        buffer: realXlsx([
          ['Month', 'Revenue'],
          ['January', 42000],
          ['February', 51000],
        ]),
      },
      // Not financials: those start watermarked (issue #20), and their previews are painted, not tables.
      { type: 'Market Research', name: 'Revenue model' },
    );
    await uploadViaApi(page, { name: 'runway.csv', mimeType: 'text/csv', buffer: csvBytes() }, { type: 'Market Research', name: 'Runway' });
    await uploadViaApi(page, { name: 'summary.txt', mimeType: 'text/plain', buffer: textBytes() }, { type: 'Executive Summary', name: 'Summary' });
    await uploadViaApi(page, { name: 'pitch.pptx', mimeType: 'application/octet-stream', buffer: pptxBytes() }, { type: 'Pitch Deck', name: 'Slides' });
    await page.goto('/startup/data-room');

    const open = async (name: string) => {
      await page.getByRole('button', { name: `Preview ${name}` }).click();
      return page.getByRole('dialog', { name });
    };
    const close = async (dialog: ReturnType<Page['getByRole']>) => {
      await dialog.getByRole('button', { name: 'Close preview' }).click();
      await expect(dialog).toBeHidden();
    };

    await page.emulateMedia({ colorScheme: 'light' });
    let dialog = await open('Business plan');
    await expect(dialog.getByRole('region', { name: 'Business plan contents' })).toContainText('We sell forecasting to bakeries.');
    expect(await seriousViolations(page)).toEqual([]);
    await close(dialog);

    dialog = await open('Revenue model');
    const sheet = dialog.getByRole('region', { name: 'Revenue model, sheet Forecast' });
    await expect(sheet.getByRole('columnheader', { name: 'Revenue' })).toBeVisible();
    await expect(sheet.getByRole('cell', { name: '51000' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await close(dialog);

    dialog = await open('Runway');
    const table = dialog.getByRole('region', { name: 'Runway contents' });
    await expect(table.getByRole('columnheader', { name: 'month' })).toBeVisible();
    await expect(table.getByRole('cell', { name: '42000' })).toBeVisible();
    await close(dialog);

    dialog = await open('Summary');
    await expect(dialog.getByRole('region', { name: 'Summary contents' })).toContainText('We help small businesses forecast cash.');
    await close(dialog);

    dialog = await open('Slides');
    await expect(dialog.getByText('No preview for PPTX files')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const download = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('Slides.pptx');
  });

  test('auto-share on an accepted match, the dashboard preview and the real Shared Documents count', async ({ page, browser }) => {
    await registerViaApi(page, 'startup');
    await saveStartupProfileViaApi(page);
    await page.goto('/startup/data-room');
    await page.getByRole('button', { name: 'Sharing settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Sharing settings' });
    await settings.getByRole('checkbox', { name: 'Pitch Deck' }).check();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Sharing settings saved', 'These document types will be shared when you connect with an investor.');

    for (const [name, type] of [
      ['Deck', 'Pitch Deck'],
      ['Forecast', 'Financial Projections'],
      ['Plan', 'Business Plan'],
      ['Summary', 'Executive Summary'],
    ] as const) {
      await uploadViaApi(page, { name: 'file.txt', mimeType: 'text/plain', buffer: Buffer.from(`${name}\n`) }, { type, name });
    }

    // Accepting the match shares the Pitch Deck at once.
    const investorPage = await openSecondUser(browser);
    const investor = await registerViaApi(investorPage, 'investor');
    await saveInvestorProfileViaApi(investorPage, {
      location: STARTUP_PROFILE.location,
      industryFocus: [STARTUP_PROFILE.industry],
      stagePreference: [STARTUP_PROFILE.stage],
    });
    await connectViaApi(page, investor, investorPage);
    await investorPage.goto('/investor/documents');
    await expect(investorPage.getByRole('row')).toHaveCount(2); // the header and Deck
    await expect(investorPage.getByRole('row', { name: /Deck/ })).toBeVisible();
    await investorPage.context().close();

    // The dashboard: the first 3 documents (newest first) and one shared document.
    await page.goto('/startup/dashboard');
    const card = page.getByRole('region', { name: 'Data Room' });
    await expect(card.getByRole('listitem')).toHaveCount(3);
    await expect(card.getByRole('listitem').first()).toContainText('Summary');
    await expect(card.getByText('Deck', { exact: true })).toBeHidden();
    await expect(card.getByRole('link', { name: 'View all 4 documents' })).toBeVisible();
    const statCard = page.getByRole('heading', { level: 3, name: 'Shared Documents' }).locator('xpath=../..');
    await expect(statCard.getByText('1', { exact: true })).toBeVisible();
    await expect(statCard.getByText('Documents investors can open')).toBeVisible();
  });

  test('a file over 10 MB is refused as it is chosen: the error alone, no "file OK" mark, nothing kept or sent', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await page.goto('/startup/data-room');
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/documents') uploads.push(request.url());
    });
    await page.getByRole('button', { name: 'Upload Document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Document' });
    await dialog.getByLabel('Document Type').selectOption('Pitch Deck');

    await dialog.getByLabel('File').setInputFiles({ name: 'board-pack.pdf', mimeType: PDF_MIME, buffer: pdfBytes(1, 15 * MiB) });
    await expect(dialog.getByRole('alert')).toHaveText('This file is larger than 10 MB. Choose a file of 10 MB or less.');
    await expect(dialog.getByTestId('file-rejected-icon')).toBeVisible();
    await expect(dialog.getByTestId('file-ok-icon')).toHaveCount(0);
    await expect(dialog.getByText('board-pack.pdf (15.0 MB) was not added')).toBeVisible();
    await expect(dialog.getByText('Change file')).toHaveCount(0);
    await expect(dialog.getByLabel('Document Name')).toHaveValue(''); // no name suggested from a refused file
    await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();

    // An acceptable file replaces the refusal with the one "ready" state.
    await dialog.getByLabel('File').setInputFiles({ name: 'deck.pdf', mimeType: PDF_MIME, buffer: drawablePdfBytes(1) });
    await expect(dialog.getByTestId('file-ok-icon')).toBeVisible();
    await expect(dialog.getByTestId('file-rejected-icon')).toHaveCount(0);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(dialog.getByLabel('Document Name')).toHaveValue('deck');
    await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeEnabled();
    expect(uploads).toEqual([]);
  });

  test('a portrait PDF opens fitted to the preview dialog, with zoom controls and page navigation', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await uploadViaApi(page, { name: 'deck.pdf', mimeType: PDF_MIME, buffer: drawablePdfBytes(9) }, { type: 'Pitch Deck', name: 'Portrait deck' });
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 375, height: 812 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/startup/data-room');
      await page.getByRole('button', { name: 'Preview Portrait deck' }).click();
      const preview = page.getByRole('dialog', { name: 'Portrait deck' });
      await expect(preview.getByText('Page 1 of 9')).toBeVisible();
      const canvas = preview.locator('canvas').first();
      await expect(canvas).toBeVisible();
      const canvasBox = async () => (await canvas.boundingBox())!;

      // Fitted: the whole page inside the dialog, the dialog inside the window, nothing to scroll.
      const fitsInside = async () => {
        const [shown, dialog] = [await canvasBox(), (await preview.boundingBox())!];
        return (
          shown.x >= dialog.x &&
          shown.y >= dialog.y &&
          shown.x + shown.width <= dialog.x + dialog.width &&
          shown.y + shown.height <= dialog.y + dialog.height &&
          dialog.y + dialog.height <= viewport.height
        );
      };
      await expect.poll(fitsInside, `at ${viewport.width}px`).toBe(true);
      expect(await preview.evaluate((dialog) => dialog.scrollHeight <= dialog.clientHeight)).toBe(true);
      await expect(preview.getByRole('button', { name: 'Fit page to window' })).toHaveAttribute('aria-pressed', 'true');
      const fitted = await canvasBox();

      await preview.getByRole('button', { name: 'Zoom in' }).click();
      await expect.poll(async () => (await canvasBox()).height).toBeGreaterThan(fitted.height + 10);
      await expect(preview.getByRole('button', { name: 'Fit page to window' })).toHaveAttribute('aria-pressed', 'false');
      // 100% is the printed size: a US Letter page (612 points) is 816 CSS pixels wide.
      await preview.getByRole('button', { name: '100%, printed size' }).click();
      await expect(preview.getByRole('status', { name: 'Zoom level' })).toHaveText('100%');
      await expect.poll(async () => Math.round((await canvasBox()).width)).toBe(816);
      await preview.getByRole('button', { name: 'Fit page to window' }).click();
      await expect.poll(async () => Math.round((await canvasBox()).height)).toBe(Math.round(fitted.height));

      // Paging, from the keyboard.
      await preview.getByRole('button', { name: 'Next page' }).press('Enter');
      await expect(preview.getByText('Page 2 of 9')).toBeVisible();
      await expect(preview.getByText('Deck page 2')).toBeAttached(); // pdf.js's text layer
      await expect(preview.getByRole('button', { name: 'Previous page' })).toBeEnabled();
      await expect.poll(fitsInside).toBe(true);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await page.keyboard.press('Escape');
      await expect(preview).toBeHidden();
    }
  });

  test('keyboard: the upload dialog opens, traps focus and closes from the keyboard', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await page.goto('/startup/data-room');
    await page.getByRole('button', { name: 'Upload Document' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Upload Document' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('File')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Document Name')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Document Type')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Upload Document' })).toBeFocused();
  });
});

test.describe('data room on a 375px screen, and axe', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the data room, its dialogs and the investor documents screen fit and pass axe', async ({ page, browser }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const { investorPage, investor } = await connectedPair(page, browser);
    await page.goto('/startup/data-room');
    await expect(page.getByRole('heading', { name: 'No documents' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const longName = 'Financial projections 2027 to 2030 with a very long descriptive name';
    const document = await uploadViaApi(
      page,
      { name: 'numbers.csv', mimeType: 'text/csv', buffer: csvBytes() },
      { type: 'Financial Projections', name: longName },
    );
    await uploadViaApi(page, { name: 'deck.pdf', mimeType: PDF_MIME, buffer: drawablePdfBytes(2) }, { type: 'Pitch Deck', name: 'Deck' });
    await page.request.post(`/api/documents/${document.id}/access`, { data: { userId: investor.id } });
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(longName) })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Upload Document' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Document' });
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectToast(page, 'No file selected', 'Please select a file to upload.');
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    // (Escape would dismiss the toast first: it is the topmost layer.)
    await upload.getByRole('button', { name: 'Close upload dialog' }).click();

    await page.getByRole('button', { name: `Share ${longName}` }).click();
    const share = page.getByRole('dialog', { name: `Share "${longName}"` });
    await expect(share.getByText('Has access')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // Financial projections start watermarked (issue #20): the table is painted with the watermark.
    await page.getByRole('button', { name: `Preview ${longName}` }).click();
    const preview = page.getByRole('dialog', { name: longName });
    await expect(preview.getByRole('img', { name: `${longName}, watermarked preview` })).toHaveAttribute('data-watermarked', 'true');
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Sharing settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Sharing settings' }).getByRole('checkbox', { name: 'Pitch Deck' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto('/startup/dashboard');
    await expect(page.getByRole('region', { name: 'Data Room' }).getByText('Deck', { exact: true })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);

    // The investor's screen, empty and with a document, and its preview.
    await investorPage.emulateMedia({ colorScheme: 'light' });
    await investorPage.goto('/investor/documents');
    await expect(investorPage.getByRole('row', { name: new RegExp(longName) })).toBeVisible();
    expect(await hasHorizontalScroll(investorPage)).toBe(false);
    expect(await seriousViolations(investorPage)).toEqual([]);
    await investorPage.getByRole('button', { name: `Preview ${longName}` }).click();
    await expect(investorPage.getByRole('dialog', { name: longName }).getByRole('img', { name: `${longName}, watermarked preview` })).toHaveAttribute(
      'data-watermarked',
      'true',
    );
    expect(await hasHorizontalScroll(investorPage)).toBe(false);
    expect(await seriousViolations(investorPage)).toEqual([]);
    await investorPage.keyboard.press('Escape');

    await page.request.delete(`/api/documents/${document.id}/access/${investor.id}`);
    await expect(investorPage.getByRole('heading', { name: 'No documents' })).toBeVisible();
    expect(await seriousViolations(investorPage)).toEqual([]);
    await investorPage.context().close();
  });
});
