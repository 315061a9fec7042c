// The notification centre in the browser (issue #18): the founder's bell counts an investor's open
// of a shared document live, the popover names it, and clicking it opens that document's sharing
// and viewing analytics in the data room. "Mark all as read" and "View all" from the popover.
import { expect, test } from '@playwright/test';
import { livedInPair, seriousViolations } from './helpers';

test('an investor opens a shared document: the founder’s bell rises live, and the notification opens the document’s analytics', async ({ page, browser }) => {
  const investorContext = await browser.newContext();
  const investorPage = await investorContext.newPage();
  const world = await livedInPair(page, investorPage);

  // What the set-up told the founder: the investor accepted last (a connection made) and wrote once.
  await expect.poll(async () => ((await (await page.request.get('/api/notifications/unread-count')).json()) as { unread: number }).unread).toBe(2);
  await page.goto('/startup/dashboard');
  const bell = page.getByRole('button', { name: 'Notifications, 2 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByText(`You are now connected with ${world.firmName}`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await popover.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();

  // The investor opens the shared deck; the founder's bell counts it without a reload.
  await investorPage.goto('/investor/documents');
  const sharedRow = investorPage.getByRole('row', { name: new RegExp(world.documentName) });
  await sharedRow.getByRole('button', { name: `Preview ${world.documentName}` }).click();
  await expect(investorPage.getByRole('dialog', { name: world.documentName })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();

  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const opened = popover.getByRole('link', { name: `${world.firmName} opened ${world.documentName}`, exact: false });
  await expect(opened).toBeVisible();
  await opened.click();
  await expect(page).toHaveURL(/\/startup\/data-room\?document=\d+$/);
  const analytics = page.getByRole('dialog', { name: `Share "${world.documentName}"` });
  await expect(analytics.getByText(/1 view/)).toBeVisible();

  // Closing the dialog leaves the data room's own address; opening the notification read it, and
  // "View all" lists it.
  await analytics.getByRole('button', { name: 'Close sharing' }).click();
  await expect(page).toHaveURL('/startup/data-room');
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  await popover.getByRole('link', { name: 'View all' }).click();
  await expect(page).toHaveURL('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('main').getByText(`${world.firmName} opened ${world.documentName}`, { exact: false })).toBeVisible();
  await page.getByRole('tab', { name: 'Unread' }).click();
  await expect(page.getByRole('heading', { name: "You're all caught up" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await investorContext.close();
});
