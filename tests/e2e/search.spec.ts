// The command palette in the browser (issue #18, "Search"): ⌘K / Ctrl+K opens it from anywhere,
// typing part of a message finds it in its group with the match marked, and Enter opens the
// conversation scrolled to that message (older than the first page of the thread) and highlighted.
// Escape gives focus back; the quick actions open the upload and new-milestone dialogs and generate
// matches; axe finds nothing serious with the palette open; at 375px it is a full-width sheet and
// nothing scrolls sideways. The palette's code is not part of the first load.
import { expect, test, type Page } from '@playwright/test';
import { hasHorizontalScroll, livedInPair, seriousViolations, toastRegion } from './helpers';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const topBarSearch = (page: Page) => page.getByRole('search').getByRole('searchbox', { name: 'Search' });

test('⌘K finds a message, Enter opens the conversation at it; Escape returns focus; the quick actions work', async ({ page, browser }) => {
  const investorContext = await browser.newContext();
  const investorPage = await investorContext.newPage();
  const world = await livedInPair(page, investorPage);
  // More than a page of newer messages (50), so the one searched for is not in the thread's first page.
  for (let index = 1; index <= 55; index++) {
    const sent = await investorPage.request.post('/api/messages', { data: { receiverId: world.startup.id, content: `Status note ${index}` } });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  await investorContext.close();

  const paletteCode: string[] = [];
  page.on('request', (request) => {
    if (/command-palette[^/]*\.js$/.test(request.url())) paletteCode.push(request.url());
  });
  await page.goto('/startup/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(paletteCode, 'the palette loads on first use, not with the screen').toEqual([]);

  // From anywhere: here, with nothing focused.
  await page.keyboard.press('ControlOrMeta+k');
  const dialog = palette(page);
  await expect(dialog).toBeVisible();
  expect(paletteCode).toHaveLength(1);
  const input = dialog.getByRole('combobox');
  await expect(input).toBeFocused();
  // With nothing typed: the quick actions.
  await expect(dialog.getByRole('group', { name: 'Quick actions' }).getByRole('option', { name: 'Upload a document' })).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Go to' }).getByRole('option', { name: 'Data Room' })).toBeVisible();

  await input.pressSequentially('connecting');
  const messages = dialog.getByRole('group', { name: 'Messages' });
  const found = messages.getByRole('option', { name: /Thanks for connecting! Our Series A deck/ });
  await expect(found).toBeVisible();
  await expect(found).toContainText(world.firmName);
  await expect(found.locator('mark')).toHaveText(['connecting']);
  await expect(found).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('group', { name: 'Quick actions' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/startup/communications\\?partner=${world.investor.id}&message=\\d+$`));
  const messageId = new URL(page.url()).searchParams.get('message');
  const bubble = page.getByRole('log').locator(`[data-message-id="${messageId}"]`);
  await expect(bubble).toHaveAttribute('data-highlighted', 'true');
  await expect(bubble).toContainText('Thanks for connecting!');
  await expect(bubble).toBeInViewport();
  // Briefly: the highlight goes, the message stays in view.
  await expect(bubble).not.toHaveAttribute('data-highlighted', 'true');
  await expect(bubble).toBeInViewport();

  // The top bar's input opens it with a click; Escape closes it and gives focus back to the input.
  await topBarSearch(page).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(topBarSearch(page)).toBeFocused();
  // Typing into the input carries the text into the palette.
  await page.keyboard.type('upl');
  await expect(dialog).toBeVisible();
  await expect(input).toHaveValue('upl');
  await expect(dialog.getByRole('option', { name: 'Upload a document' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/startup/data-room?upload=1');
  const upload = page.getByRole('dialog', { name: 'Upload Document' });
  await expect(upload).toBeVisible();
  await upload.getByRole('button', { name: 'Cancel' }).click();
  await expect(upload).toBeHidden();
  await expect(page).toHaveURL('/startup/data-room');

  // "New milestone" opens the new-milestone dialog on the plan (one connection: it is preselected).
  await page.keyboard.press('ControlOrMeta+k');
  await input.pressSequentially('new mile');
  // Profiles of other journeys' users may match the words too: wait for the answer, then pick the action.
  await expect(dialog.getByTestId('search-pending')).toHaveCount(0);
  const newMilestone = dialog.getByRole('option', { name: 'New milestone' });
  for (let step = 0; step < 10 && (await newMilestone.getAttribute('aria-selected')) !== 'true'; step++) await page.keyboard.press('ArrowDown');
  await expect(newMilestone).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/startup/milestones?new=1');
  const addMilestone = page.getByRole('dialog', { name: 'Add milestone' });
  await expect(addMilestone.getByLabel('Title')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(addMilestone).toBeHidden();
  await expect(page).toHaveURL('/startup/milestones');
  await expect(page.getByRole('button', { name: 'Add milestone' })).toBeFocused();

  // "Generate matches", chosen with the arrow keys: the match list, and the run's result in a toast.
  await page.keyboard.press('ControlOrMeta+k');
  await input.pressSequentially('matches');
  // Once the search has answered, the list stays put while the arrows move.
  await expect(dialog.getByTestId('search-pending')).toHaveCount(0);
  await expect(dialog.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  const generate = dialog.getByRole('option', { name: 'Generate matches' });
  for (let step = 0; step < 10 && (await generate.getAttribute('aria-selected')) !== 'true'; step++) await page.keyboard.press('ArrowDown');
  await expect(generate).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/startup/investor-matches');
  await expect(toastRegion(page).getByText(/^(Matches generated|Matches refreshed|No new matches)$/)).toBeVisible();

  // A phone: the palette is a full-width sheet, and nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.keyboard.press('ControlOrMeta+k');
  await expect(dialog).toBeVisible();
  await input.pressSequentially('series');
  await expect(dialog.getByRole('group', { name: 'Messages' }).getByRole('option').first()).toBeVisible();
  const box = await dialog.boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(375);
  expect(await hasHorizontalScroll(page)).toBe(false);
  // ⌘K again closes it.
  await page.keyboard.press('ControlOrMeta+k');
  await expect(dialog).toBeHidden();
});
