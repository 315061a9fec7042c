// No screen scrolls sideways on a 375px phone (issue #15). Each role's test visits every
// signed-in route of src/client/app/paths.ts with lived-in data (a connection, messages, a shared
// document, a milestone, a portfolio company), waits for the screen's own content, and compares
// the page's scroll width with the viewport's. It also measures the small-screen drawer and saves
// the screenshots of the dashboard, messages and data room, at 375px and 1280px in both themes,
// under .tmp/screens/ for review (outside CI).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ROUTES } from '../../src/client/app/paths';
import { horizontalOverflow, livedInPair, type LivedInPair, type UserType } from './helpers';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
/** The spec's limit for the small-screen drawer. */
const MAX_DRAWER_WIDTH = 280;

interface Screen {
  /** Which roles can open it; the other role is redirected to its own dashboard. */
  roles: readonly UserType[];
  path: (world: LivedInPair) => string;
  /** Something only the loaded screen shows, so the width is measured on real content. */
  content: (page: Page, world: LivedInPair) => Locator;
}

const main = (page: Page) => page.locator('main');

// Every route but the public ones, keyed like ROUTES: a route added there fails the type check until it is listed here.
// (The emailed links' screens are measured at 375px in their own suites: /reset-password and
// /verify-email in account.spec.ts, /unsubscribe in notification-settings.spec.ts, a secure link's
// /v/:token in secure-links.spec.ts.)
const SCREENS: Record<Exclude<keyof typeof ROUTES, 'auth' | 'resetPassword' | 'verifyEmail' | 'unsubscribe' | 'linkVisitor'>, Screen> = {
  home: { roles: ['startup'], path: () => ROUTES.home, content: (page, world) => main(page).getByText(world.firmName).first() },
  startupDashboard: { roles: ['startup'], path: () => ROUTES.startupDashboard, content: (page, world) => main(page).getByText(world.firmName).first() },
  startupProfile: { roles: ['startup'], path: () => ROUTES.startupProfile, content: (page, world) => page.getByRole('tabpanel').getByText(world.companyName) },
  startupDataRoom: {
    roles: ['startup'],
    path: () => ROUTES.startupDataRoom,
    content: (page, world) => page.getByRole('row', { name: new RegExp(world.documentName) }),
  },
  startupInvestorMatches: {
    roles: ['startup'],
    path: () => ROUTES.startupInvestorMatches,
    content: (page, world) => main(page).getByText(world.firmName).first(),
  },
  startupCommunications: {
    roles: ['startup'],
    path: () => ROUTES.startupCommunications,
    content: (page, world) => main(page).getByText(world.lastMessage).last(),
  },
  startupMilestones: { roles: ['startup'], path: () => ROUTES.startupMilestones, content: (page, world) => main(page).getByText(world.milestoneTitle).first() },
  investorDashboard: {
    roles: ['investor'],
    path: () => ROUTES.investorDashboard,
    content: (page, world) => main(page).getByText(world.companyName).first(),
  },
  investorProfile: { roles: ['investor'], path: () => ROUTES.investorProfile, content: (page, world) => page.getByRole('tabpanel').getByText(world.firmName) },
  investorStartups: {
    roles: ['investor'],
    path: () => ROUTES.investorStartups,
    content: (page, world) => main(page).getByText(world.companyName).first(),
  },
  investorPortfolio: {
    roles: ['investor'],
    path: () => ROUTES.investorPortfolio,
    content: (page, world) => main(page).getByText(world.companyName).first(),
  },
  investorAnalytics: { roles: ['investor'], path: () => ROUTES.investorAnalytics, content: (page) => page.getByRole('region', { name: 'Match funnel' }) },
  investorDocuments: {
    roles: ['investor'],
    path: () => ROUTES.investorDocuments,
    content: (page, world) => page.getByRole('row', { name: new RegExp(world.documentName) }),
  },
  investorMilestones: {
    roles: ['investor'],
    path: () => ROUTES.investorMilestones,
    content: (page, world) => main(page).getByText(world.milestoneTitle).first(),
  },
  discover: { roles: ['startup', 'investor'], path: () => ROUTES.discover, content: (page) => main(page).getByRole('heading', { name: 'Saved searches' }) },
  messages: { roles: ['startup', 'investor'], path: () => ROUTES.messages, content: (page, world) => main(page).getByText(world.lastMessage).last() },
  activity: { roles: ['startup', 'investor'], path: () => ROUTES.activity, content: (page) => main(page).getByText('Created your VentureMatch account') },
  notifications: {
    roles: ['startup', 'investor'],
    path: () => ROUTES.notifications,
    content: (page) => page.getByRole('heading', { level: 1, name: 'Notifications' }),
  },
  settings: { roles: ['startup', 'investor'], path: () => ROUTES.settings, content: (page) => page.getByRole('heading', { level: 1, name: 'Settings' }) },
  // Public cards are for the other side (a startup opening /startup/{id} is told so).
  startupPublicProfile: {
    roles: ['investor'],
    path: (world) => `/startup/${world.startup.id}`,
    content: (page, world) => page.getByRole('heading', { level: 1, name: world.companyName }),
  },
  investorPublicProfile: {
    roles: ['startup'],
    path: (world) => `/investor/${world.investor.id}`,
    content: (page, world) => page.getByRole('heading', { level: 1, name: world.firmName }),
  },
};

/** The screen has its content and nothing in <main> is still loading. */
async function waitForScreen(page: Page, content: Locator): Promise<void> {
  await expect(content).toBeVisible();
  await expect(main(page).locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0);
}

async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  // Polled: a chart or a late image may still be settling into its width.
  await expect
    .poll(async () => {
      const { scrollWidth, innerWidth, culprits } = await horizontalOverflow(page);
      return scrollWidth <= innerWidth ? 'fits' : `${label} is ${scrollWidth}px wide in a ${innerWidth}px viewport; sticking out: ${culprits.join(' | ')}`;
    })
    .toBe('fits');
}

async function expectDrawerFits(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  // Polled because the drawer slides in from the left edge.
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
  expect((await drawer.boundingBox())!.width).toBeLessThanOrEqual(MAX_DRAWER_WIDTH);
  await expectNoSidewaysScroll(page, 'The page with the drawer open');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

/** The review screenshots: `.tmp/screens/{role}-{screen}-{width}-{theme}.png`. */
async function saveScreenshots(page: Page, world: LivedInPair, role: UserType): Promise<void> {
  const screens = [
    { name: 'dashboard', route: role === 'startup' ? SCREENS.startupDashboard : SCREENS.investorDashboard },
    { name: 'messages', route: SCREENS.messages },
    { name: 'data-room', route: role === 'startup' ? SCREENS.startupDataRoom : SCREENS.investorDocuments },
  ];
  for (const theme of ['light', 'dark'] as const) {
    // theme-init.ts reads the stored choice before the first paint of the next page.
    await page.evaluate((choice) => localStorage.setItem('theme', choice), theme);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      for (const { name, route } of screens) {
        await page.goto(route.path(world));
        await waitForScreen(page, route.content(page, world));
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
        await page.screenshot({ path: `.tmp/screens/${role}-${name}-${viewport.width}-${theme}.png`, fullPage: true });
      }
    }
  }
}

for (const role of ['startup', 'investor'] as const) {
  test(`every ${role} screen fits a 375px phone without sideways scrolling`, async ({ page, browser }) => {
    // Many screens, each with its own data: longer than one journey, still about a minute.
    test.slow();
    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    const world = role === 'startup' ? await livedInPair(page, otherPage) : await livedInPair(otherPage, page);
    await otherContext.close();

    await page.setViewportSize(PHONE);
    for (const [key, screen] of Object.entries(SCREENS)) {
      if (!screen.roles.includes(role)) continue;
      const path = screen.path(world);
      await test.step(`${key} (${path})`, async () => {
        await page.goto(path);
        await waitForScreen(page, screen.content(page, world));
        await expectNoSidewaysScroll(page, path);
      });
    }

    await test.step('the navigation drawer', () => expectDrawerFits(page));
    // The screenshots are for a person to look at; CI has no one to look, so it spares the twelve
    // full-page renders (themes are asserted in layout-and-theme.spec.ts).
    if (!process.env.CI) await test.step('screenshots', () => saveScreenshots(page, world, role));
  });
}
