// Shared steps for the browser journeys. Every test creates its own users with unique names,
// so tests can run in parallel against one fresh database.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

export type UserType = 'startup' | 'investor';

// Long and uncommon: the server rejects common passwords such as 'password1'.
export const TEST_PASSWORD = 'Venture-Test-Passphrase-42';

export interface TestUser {
  userType: UserType;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
}

export function uniqueUsername(prefix = 'u'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

export function buildUser(userType: UserType, overrides: Partial<TestUser> = {}): TestUser {
  const username = uniqueUsername(userType === 'startup' ? 's' : 'i');
  return {
    userType,
    firstName: userType === 'startup' ? 'Ada' : 'Grace',
    lastName: userType === 'startup' ? 'Founder' : 'Partner',
    username,
    email: `${username}@example.test`,
    password: TEST_PASSWORD,
    ...overrides,
  };
}

export function dashboardPath(userType: UserType): string {
  return userType === 'investor' ? '/investor/dashboard' : '/startup/dashboard';
}

/**
 * Registers through the API. page.request shares the page's cookie jar, so the page is signed
 * in afterwards. It sends no Origin header, which the server's cross-site check accepts.
 */
export async function registerViaApi(page: Page, userType: UserType, overrides: Partial<TestUser> = {}): Promise<RegisteredUser> {
  const user = buildUser(userType, overrides);
  const response = await page.request.post('/api/register', { data: { ...user, confirmPassword: user.password } });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  return { ...user, id };
}

/** A registered account; `id` is the account id that public profile URLs use. */
export type RegisteredUser = TestUser & { id: number };

export async function openRegisterTab(page: Page): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
}

export async function fillRegisterForm(page: Page, user: TestUser, confirmPassword = user.password): Promise<void> {
  await page.getByLabel('Account Type').selectOption(user.userType);
  await page.getByLabel('First Name').fill(user.firstName);
  await page.getByLabel('Last Name').fill(user.lastName);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(confirmPassword);
}

export async function registerViaUi(page: Page, user: TestUser): Promise<void> {
  await openRegisterTab(page);
  await fillRegisterForm(page, user);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

export async function loginViaUi(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Radix also copies a toast's text into a hidden live region for screen readers, so toasts are
 * looked up inside the notifications viewport to match exactly one element.
 */
export function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const region = toastRegion(page);
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (description !== undefined) await expect(region.getByText(description, { exact: true })).toBeVisible();
}

export async function logOutViaSidebar(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
}

// Profile data for journeys that need a saved profile without going through the forms.
export const STARTUP_PROFILE = {
  companyName: 'Nimbus Analytics',
  website: 'https://nimbus.example.com',
  location: 'Berlin, Germany',
  foundingDate: '2021-03-14',
  stage: 'Series A',
  industry: 'FinTech',
  description: 'Nimbus turns messy product analytics into decisions for mid-size SaaS teams.',
  teamSize: 11, // the '11-25' bucket
  fundingGoal: 1_000_000, // the '$1M - $3M' bucket
};

export const INVESTOR_PROFILE = {
  firmName: 'Northwind Ventures',
  website: 'https://northwind.example.com',
  location: 'London, UK',
  foundingDate: '2012-05-01',
  description: 'Early-stage fund backing technical founders across Europe.',
  investmentThesis: 'We back B2B software companies with strong technical moats at seed and Series A.',
  portfolioSize: 42,
  industryFocus: ['SaaS', 'AI/ML'],
  stagePreference: ['Seed', 'Series A'],
  investmentRange: ['$500K - $1M', '$1M - $3M'],
};

/** Saves the signed-in startup's profile through the API (the page's cookies). */
export async function saveStartupProfileViaApi(page: Page, overrides: Record<string, unknown> = {}): Promise<void> {
  const response = await page.request.put('/api/startup/profile', { data: { ...STARTUP_PROFILE, ...overrides } });
  expect(response.status(), await response.text()).toBe(200);
}

export async function saveInvestorProfileViaApi(page: Page, overrides: Record<string, unknown> = {}): Promise<void> {
  const response = await page.request.put('/api/investor/profile', { data: { ...INVESTOR_PROFILE, ...overrides } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Someone else in a journey: a user signed in in a browser context of their own. */
export interface Party {
  context: BrowserContext;
  page: Page;
  user: RegisteredUser;
}

/**
 * Registers someone in a browser context of their own (page.request shares a page's cookies, so
 * the test's `page` keeps its own session) and saves their profile: the one above, with `profile`
 * over it. Close `context` when the journey is done with them.
 */
export async function newParty(browser: Browser, userType: UserType, profile: Record<string, unknown> = {}, names: Partial<TestUser> = {}): Promise<Party> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await registerViaApi(page, userType, names);
  if (userType === 'startup') await saveStartupProfileViaApi(page, profile);
  else await saveInvestorProfileViaApi(page, profile);
  return { context, page, user };
}

/** A counterpart who only needs to exist, with a saved profile: newParty, signed out again. */
export async function registerCounterpart(browser: Browser, userType: UserType, profile: Record<string, unknown> = {}): Promise<RegisteredUser> {
  const { context, user } = await newParty(browser, userType, profile);
  await context.close();
  return user;
}

/**
 * The page's serious and critical axe violations, as rule ids and targets, so a failure message
 * says what to fix. The scan waits for the screen to settle: a toast or dialog fading in has not
 * reached its real colours yet. (Endless animations, such as spinners, are left alone.)
 */
export async function seriousViolations(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

/** No element is wider than the viewport (the 375px checks). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/**
 * Connects a startup and an investor the way users do (mutual consent, docs/connections.md): the
 * startup generates its matches and accepts the one with this investor, then the investor
 * accepts too. Both must have saved profiles first (see the two helpers above). `startupPage` is
 * signed in as the startup; `investorPage`, if given, as the investor (otherwise the investor
 * signs in in a browser context of their own, closed again afterwards). Returns the match id.
 */
export async function connectViaApi(startupPage: Page, investor: RegisteredUser, investorPage?: Page): Promise<number> {
  const matchId = await acceptAsStartup(startupPage, investor.id);
  await acceptMatchAs(investorPage ?? startupPage, investorPage ? null : investor, matchId);
  return matchId;
}

/** The startup's half of connectViaApi: generate, then accept the match with this investor. Returns the match id. */
export async function acceptAsStartup(startupPage: Page, investorId: number): Promise<number> {
  const generated = await startupPage.request.post('/api/generate-matches');
  expect(generated.status(), await generated.text()).toBe(200);
  const list = await startupPage.request.get('/api/matches/startup?limit=100');
  const matches = ((await list.json()) as { items: Array<{ id: number; investorId: number; status: string }> }).items;
  const match = matches.find((candidate) => candidate.investorId === investorId);
  expect(match, `investor ${investorId} was not among the startup's generated matches`).toBeDefined();
  const accepted = await startupPage.request.post(`/api/matches/${match!.id}/update`, { data: { status: 'accepted' } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return match!.id;
}

/**
 * Accepts a match as one of its parties: on `page` (signed in as them) when `user` is null, or
 * signed in as `user` in a context of its own, opened from `page`'s browser and closed after.
 */
export async function acceptMatchAs(page: Page, user: Pick<TestUser, 'username' | 'password'> | null, matchId: number): Promise<void> {
  let context: BrowserContext | null = null;
  let actor = page;
  if (user) {
    const browser = page.context().browser();
    expect(browser, 'a page opened from a browser').not.toBeNull();
    context = await browser!.newContext();
    actor = await context.newPage();
    const signedIn = await actor.request.post('/api/login', { data: { username: user.username, password: user.password } });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
  }
  const accepted = await actor.request.post(`/api/matches/${matchId}/update`, { data: { status: 'accepted' } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await context?.close();
}

/** The investor analytics screen's charts, by their region titles (issue #8). */
export const ANALYTICS_CHARTS = [
  'Match funnel',
  'Decline reasons',
  'Match scores',
  'Accepted startups by industry',
  'Accepted startups by stage',
  'Weekly activity',
  'Portfolio by industry',
  'Portfolio by performance',
] as const;

/**
 * What makes a page scroll sideways: the page's scroll width against the viewport's, and the
 * elements that start the overflow (they stick out while their parent does not, and nothing
 * between them and the page clips them), so a failure says what to fix.
 */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > innerWidth + 0.5;
    const isClippedByAncestor = (element: Element) => {
      for (let ancestor = element.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
        if (getComputedStyle(ancestor).overflowX !== 'visible') return true;
      }
      return false;
    };
    const describe = (element: Element) => {
      const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/).slice(0, 6).join('.') : '';
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${element.tagName.toLowerCase()}${classes ? ` .${classes}` : ''}> ${Math.round(element.getBoundingClientRect().width)}px wide, right edge ${Math.round(element.getBoundingClientRect().right)}px: "${text}"`;
    };
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => sticksOut(element) && !(element.parentElement && sticksOut(element.parentElement)) && !isClippedByAncestor(element))
      .slice(0, 5)
      .map(describe);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, culprits };
  });
}

/** A connected startup and investor with some history, as livedInPair leaves them. */
export interface LivedInPair {
  startup: RegisteredUser;
  investor: RegisteredUser;
  firmName: string;
  documentName: string;
  milestoneTitle: string;
  lastMessage: string;
  /** The startup's company name, also its entry in the investor's portfolio. */
  companyName: string;
}

/**
 * Registers a startup on `startupPage` and an investor on `investorPage` (each page signed in as
 * its party), connects them, and gives every screen something real to show: messages both ways,
 * a document shared with the investor, a milestone on their plan, and the startup in the
 * investor's portfolio. The investor's criteria fit the startup exactly, so generation finds them.
 */
export async function livedInPair(startupPage: Page, investorPage: Page): Promise<LivedInPair> {
  const startup = await registerViaApi(startupPage, 'startup');
  await saveStartupProfileViaApi(startupPage, {
    website: 'https://www.nimbus-analytics-for-product-teams.example.com/company/about-us',
    team: [
      { name: 'Ada Lovelace', role: 'CEO & Co-founder', link: 'https://www.linkedin.com/in/ada-lovelace-analytical-engine-1815/' },
      { name: 'Charles Babbage', role: 'CTO & Co-founder' },
    ],
    investorPreferences: { stages: ['Series A'], checkSizes: ['$1M - $3M'], industries: ['FinTech', 'SaaS'], location: 'Europe' },
  });
  const investor = await registerViaApi(investorPage, 'investor');
  const firmName = `Ledger Partners ${investor.username.slice(-6)}`;
  await saveInvestorProfileViaApi(investorPage, {
    firmName,
    location: STARTUP_PROFILE.location,
    industryFocus: [STARTUP_PROFILE.industry, 'SaaS'],
    stagePreference: [STARTUP_PROFILE.stage],
    investmentRange: ['$1M - $3M'],
    investmentThesis: 'We back FinTech analytics companies at Series A with strong technical teams in Berlin.',
  });
  await connectViaApi(startupPage, investor, investorPage);

  const post = async (page: Page, url: string, data: Record<string, unknown>) => {
    const response = await page.request.post(url, { data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: number };
  };
  await post(startupPage, '/api/messages', { receiverId: investor.id, content: 'Thanks for connecting! Our Series A deck is in the data room.' });
  await post(investorPage, '/api/messages', {
    receiverId: startup.id,
    content:
      'Great, I will read it this week. Could you add your churn numbers? Book a call here: https://calendly.com/grace-partner-ledger/series-a-intro-call-30min?month=2026-12',
  });
  const lastMessage = 'Sure, the cohort analysis is on slide 12. Happy to walk you through it on a call.';
  await post(startupPage, '/api/messages', { receiverId: investor.id, content: lastMessage });

  // Named after its file, as the upload dialog suggests: one long word with no place to break.
  const documentName = 'Nimbus_Analytics_Series_A_Pitch_Deck_November_2026_final_v3';
  const uploaded = await startupPage.request.post('/api/documents', {
    multipart: { type: 'Pitch Deck', name: documentName, file: { name: 'deck.pdf', mimeType: 'application/pdf', buffer: minimalPdf() } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { id: documentId } = (await uploaded.json()) as { id: number };
  const shared = await startupPage.request.post(`/api/documents/${documentId}/access`, { data: { userId: investor.id } });
  expect(shared.ok(), await shared.text()).toBe(true);

  const milestoneTitle = 'Close the Series A round';
  await post(startupPage, '/api/milestones', {
    title: milestoneTitle,
    description: 'Term sheet signed and funds received.',
    date: '2027-03-01',
    investorId: investor.id,
  });
  await post(investorPage, '/api/portfolio', {
    companyName: STARTUP_PROFILE.companyName,
    industry: STARTUP_PROFILE.industry,
    stage: STARTUP_PROFILE.stage,
    investmentDate: '2025-06-15',
    investmentAmount: 1_500_000,
    description: STARTUP_PROFILE.description,
    startupId: startup.id,
  });
  return { startup, investor, firmName, documentName, milestoneTitle, lastMessage, companyName: STARTUP_PROFILE.companyName };
}

/** A one-page PDF that pdf.js opens (the data room checks the file's signature, not its pages). */
function minimalPdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'];
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
