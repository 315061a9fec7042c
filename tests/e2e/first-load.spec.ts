// Revalidation in a real browser (issue #16, ADR 0035): the API client keeps each GET's answer with
// its ETag and sends the tag back, so a list read again unchanged costs a 304 with no body. The
// dashboard reads the upcoming milestones, and reads them again when the live stream first opens
// (lib/live-events.tsx): holding the stream until the first read has answered makes that second
// read certain, and it must be a 304 that leaves the card as it was.
import { expect, test, type Request, type Response } from '@playwright/test';
import { expectToast, registerViaApi } from './helpers';

// The first load of /auth (docs/performance.md, "First load"): showing the page and answering a
// sign-in attempt needs no schema library (the form and the API client read without zod) and only
// the few chunks vite.config.ts groups for it, not the signed-in app's.
test('showing /auth and answering a sign-in attempt loads no zod and only the sign-in chunks', async ({ page }) => {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto('/auth');
  await page.getByLabel('Username').fill('nobody-here');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Login failed');
  await page.waitForLoadState('networkidle');

  const bodies = await Promise.all(scripts.map(async (response) => ({ url: response.url(), text: await response.text() })));
  // zod's error class name survives minification: its absence means zod was not downloaded.
  expect(bodies.filter(({ text }) => text.includes('ZodError')).map(({ url }) => url)).toEqual([]);
  // The entry, the shared primitives, the screen, the toast renderer: a handful, not the ~25 of old.
  expect(bodies.length).toBeLessThanOrEqual(5);
});

test('a list read again unchanged is revalidated with If-None-Match and answered 304', async ({ page }) => {
  await registerViaApi(page, 'startup');
  const upcomingReads: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/milestones/upcoming') upcomingReads.push(request);
  });
  let releaseStream!: () => void;
  const streamReleased = new Promise<void>((resolve) => (releaseStream = resolve));
  await page.route('**/api/events', async (route) => {
    await streamReleased;
    await route.continue();
  });

  const firstRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/milestones/upcoming');
  await page.goto('/startup/dashboard');
  const first = await firstRead;
  expect(first.status()).toBe(200);
  expect(await first.headerValue('etag')).toMatch(/^W\/"/);

  const secondRead = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/milestones/upcoming' && response.request() !== first.request(),
  );
  releaseStream();
  const second = await secondRead;
  expect(second.status()).toBe(304);
  expect(await second.request().headerValue('if-none-match')).toBe(await first.headerValue('etag'));
  expect(upcomingReads).toHaveLength(2);
  // The card still shows what the first answer said (a new account has no milestones).
  await expect(page.getByText('No upcoming milestones')).toBeVisible();
});
