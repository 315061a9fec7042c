// Own profile screens (docs/profiles.md): view and edit modes per tab, saves with the
// spec's notices, validation messages, and the ?tab= links.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectToast, registerViaApi, saveInvestorProfileViaApi, saveStartupProfileViaApi, seriousViolations } from './helpers';

/** The visible tab panel (inactive panels stay mounted but hidden). */
function activePanel(page: Page): Locator {
  return page.getByRole('tabpanel');
}

/** The value (<dd>) next to a label (<dt>) in a view-mode detail list. */
function detailValue(panel: Locator, label: string): Locator {
  return panel
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

async function expectDetail(panel: Locator, label: string, value: string | RegExp): Promise<void> {
  await expect(detailValue(panel, label)).toHaveText(value);
}

test.describe('startup profile', () => {
  test('a new startup fills every field, saves, and sees the view mode with the new values', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await page.goto('/startup/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Profile completeness' })).toHaveAttribute('aria-valuenow', '0');

    // Before the first save the secondary tabs explain what to do first.
    await page.getByRole('tab', { name: 'Team Members' }).click();
    await expect(activePanel(page).getByRole('heading', { name: 'Save Profile Information first' })).toBeVisible();
    await activePanel(page).getByRole('button', { name: 'Go to Profile Information' }).click();
    await expect(page.getByRole('tab', { name: 'Profile Information' })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('button', { name: 'Complete your profile' }).click();
    const form = page.getByRole('form', { name: 'Edit profile information' });
    await expect(form.getByLabel('Company Name')).toBeFocused();
    // The selects offer exactly the spec's lists (plus the placeholder).
    await expect(form.getByLabel('Team Size').locator('option')).toHaveText(['Select team size', '1-5', '6-10', '11-25', '26-50', '51-100', '101-250', '251+']);
    await expect(form.getByLabel('Funding Goal').locator('option')).toHaveText([
      'Select funding goal',
      '< $100K',
      '$100K - $500K',
      '$500K - $1M',
      '$1M - $3M',
      '$3M - $5M',
      '$5M - $10M',
      '$10M+',
    ]);
    await expect(form.getByLabel('Stage', { exact: true }).locator('option')).toHaveText([
      'Select a stage',
      'Pre-seed',
      'Seed',
      'Series A',
      'Series B',
      'Series C+',
      'Growth',
      'Acquisition',
    ]);
    await expect(form.getByLabel('Industry', { exact: true }).locator('option')).toHaveCount(16);

    await form.getByLabel('Company Name').fill('Acme Robotics');
    await form.getByLabel('Website').fill('https://acme.example.com');
    await form.getByLabel('Location').fill('Lisbon, Portugal');
    await form.getByLabel('Founding Date').fill('2021-03-14');
    await form.getByLabel('Stage', { exact: true }).selectOption('Series A');
    await form.getByLabel('Industry', { exact: true }).selectOption('AI/ML');
    await form.getByLabel('Team Size').selectOption({ label: '11-25' });
    await form.getByLabel('Funding Goal').selectOption({ label: '$1M - $3M' });
    await form.getByLabel('Description').fill('Warehouse robots that learn new picking tasks in minutes.');
    await form.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, 'Profile updated', 'Your profile has been updated successfully.');
    await expect(form).toBeHidden();
    const panel = activePanel(page);
    await expect(panel.getByRole('button', { name: 'Edit Profile' })).toBeFocused();
    for (const [label, value] of [
      ['Company Name', 'Acme Robotics'],
      ['Location', 'Lisbon, Portugal'],
      ['Founding Date', 'Mar 14, 2021'],
      ['Stage', 'Series A'],
      ['Industry', 'AI/ML'],
      ['Team Size', '11-25'],
      ['Funding Goal', '$1M - $3M'],
      ['Description', 'Warehouse robots that learn new picking tasks in minutes.'],
    ] as const) {
      await expectDetail(panel, label, value);
    }
    const website = panel.getByRole('link', { name: /acme\.example\.com/ });
    await expect(website).toHaveAttribute('href', 'https://acme.example.com/');
    await expect(website).toHaveAttribute('rel', 'noopener noreferrer');
    // Required fields, website and founding date: 80% (docs/profiles.md).
    await expect(page.getByRole('progressbar', { name: 'Profile completeness' })).toHaveAttribute('aria-valuenow', '80');

    // Cancel leaves the saved values alone.
    await panel.getByRole('button', { name: 'Edit Profile' }).click();
    await form.getByLabel('Company Name').fill('Something Else');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
    await expectDetail(panel, 'Company Name', 'Acme Robotics');

    // The saved values survive a reload.
    await page.reload();
    await expectDetail(activePanel(page), 'Company Name', 'Acme Robotics');
    await expectDetail(activePanel(page), 'Funding Goal', '$1M - $3M');
  });

  test('team members are added, saved and shown; investor preferences are chosen and saved', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await saveStartupProfileViaApi(page);
    await page.goto('/startup/profile?tab=team');
    await expect(page.getByRole('tab', { name: 'Team Members' })).toHaveAttribute('aria-selected', 'true');
    await expect(activePanel(page).getByRole('heading', { name: 'No team members yet' })).toBeVisible();

    await activePanel(page).getByRole('button', { name: 'Edit Profile' }).click();
    const form = page.getByRole('form', { name: 'Edit team members' });
    const first = form.getByRole('group', { name: 'Team member 1' });
    await expect(first.getByLabel('Name')).toBeFocused();
    await first.getByLabel('Name').fill('Ada Lovelace');
    await first.getByLabel('Role').fill('CEO & Co-founder');
    await first.getByLabel('Link (optional)').fill('https://example.com/ada');
    await form.getByRole('button', { name: 'Add team member' }).click();
    const second = form.getByRole('group', { name: 'Team member 2' });
    await expect(second.getByLabel('Name')).toBeFocused();
    await second.getByLabel('Name').fill('Charles Babbage');
    // A row without a role is caught before anything is sent.
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(second.getByText('Role is required')).toBeVisible();
    await second.getByLabel('Role').fill('CTO');
    await form.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, 'Profile updated', 'Your profile has been updated successfully.');
    const team = activePanel(page).getByRole('list', { name: 'Team members' });
    await expect(team.getByRole('listitem')).toHaveCount(2);
    await expect(team.getByRole('listitem').first()).toContainText('Ada Lovelace');
    await expect(team.getByRole('listitem').first()).toContainText('CEO & Co-founder');
    await expect(team.getByRole('link', { name: /example\.com\/ada/ })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(team.getByRole('listitem').nth(1)).toContainText('Charles Babbage');
    // The company fields were sent along and are unchanged.
    await page.getByRole('tab', { name: 'Profile Information' }).click();
    await expectDetail(activePanel(page), 'Company Name', 'Nimbus Analytics');

    // Investor Preferences: keyboard-usable checkbox groups with a legend each.
    await page.getByRole('tab', { name: 'Investor Preferences' }).click();
    await expect(page).toHaveURL('/startup/profile?tab=preferences');
    await activePanel(page).getByRole('button', { name: 'Edit Profile' }).click();
    const preferences = page.getByRole('form', { name: 'Edit investor preferences' });
    const stages = preferences.getByRole('group', { name: 'Preferred investor stages' });
    await stages.getByRole('checkbox', { name: 'Seed', exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(stages.getByRole('checkbox', { name: 'Seed', exact: true })).toBeChecked();
    await stages.getByRole('checkbox', { name: 'Series A' }).check();
    await preferences.getByRole('group', { name: 'Preferred check sizes' }).getByRole('checkbox', { name: '$500K - $1M' }).check();
    await preferences.getByRole('group', { name: 'Industries of expertise' }).getByRole('checkbox', { name: 'FinTech' }).check();
    await preferences.getByLabel('Location preference').fill('Europe');
    await preferences.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, 'Profile updated', 'Your profile has been updated successfully.');
    const panel = activePanel(page);
    await expect(detailValue(panel, 'Preferred Investor Stages').getByRole('listitem')).toHaveText(['Seed', 'Series A']);
    await expect(panel.getByText('$500K - $1M')).toBeVisible();
    await expect(panel.getByText('FinTech')).toBeVisible();
    await expectDetail(panel, 'Location Preference', 'Europe');
    // Everything filled: 100%, and nothing left on the checklist.
    await expect(page.getByRole('progressbar', { name: 'Profile completeness' })).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByText('Your profile is complete.', { exact: false })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Investor Preferences' })).toHaveAttribute('aria-selected', 'true');
    await expect(activePanel(page).getByText('Europe')).toBeVisible();
  });

  test('the form shows the spec messages for every required field and a bad URL', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await page.goto('/startup/profile');
    await page.getByRole('button', { name: 'Complete your profile' }).click();
    const form = page.getByRole('form', { name: 'Edit profile information' });
    await form.getByRole('button', { name: 'Save' }).click();
    for (const message of [
      'Company name must be at least 2 characters',
      'Location must be at least 2 characters',
      'Please select a stage',
      'Please select an industry',
      'Description must be at least 10 characters',
      'Please select team size',
      'Please select funding goal',
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(form.getByLabel('Team Size')).toHaveAccessibleDescription('Please select team size');

    await form.getByLabel('Company Name').fill('A');
    await form.getByLabel('Website').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByLabel('Company Name')).toHaveAccessibleDescription('Company name must be at least 2 characters');
    await expect(form.getByText('Please enter a valid URL', { exact: true })).toBeVisible();
    // Nothing was saved.
    await expect(page.getByRole('progressbar', { name: 'Profile completeness' })).toHaveAttribute('aria-valuenow', '0');
  });

  test('a failed save keeps the form open and shows the Error notice with the server sentence', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await saveStartupProfileViaApi(page);
    await page.route('**/api/startup/profile', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Location must be at least 2 characters', fieldErrors: { location: ['Location must be at least 2 characters'] } }),
      }),
    );
    await page.goto('/startup/profile');
    await activePanel(page).getByRole('button', { name: 'Edit Profile' }).click();
    const form = page.getByRole('form', { name: 'Edit profile information' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Error', 'Failed to update profile: Location must be at least 2 characters');
    await expect(form).toBeVisible();
    // The server's field message lands under its field.
    await expect(form.getByLabel('Location')).toHaveAccessibleDescription('Location must be at least 2 characters');
  });

  test('a startup shares its traction and says it is not raising; the view mode and Settings agree', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await saveStartupProfileViaApi(page);
    // Settings is read first, so its cached switch must follow the profile's save.
    await page.goto('/settings');
    const dealFlow = page.getByRole('form', { name: 'Deal flow settings' });
    await expect(dealFlow.getByRole('switch', { name: 'Raising now' })).toBeChecked();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/startup/profile');

    const panel = activePanel(page);
    await expectDetail(panel, 'ARR', 'Not provided');
    await expectDetail(panel, 'Raising Now', 'Yes. Investors filtering for startups raising now will find you.');
    await panel.getByRole('button', { name: 'Edit Profile' }).click();
    const form = page.getByRole('form', { name: 'Edit profile information' });
    const traction = form.getByRole('group', { name: 'Traction' });
    await expect(traction.getByLabel('ARR (US$)')).toHaveAccessibleDescription('Annual recurring revenue, whole dollars');
    // Something that is not a number gets the field's sentence rather than vanishing.
    await traction.getByLabel('ARR (US$)').fill('1.2M');
    await traction.getByLabel('Monthly growth (%)').fill('2000');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(traction.getByLabel('ARR (US$)')).toHaveAccessibleDescription(
      'Annual recurring revenue, whole dollars ARR must be a whole number of dollars, 0 or more',
    );
    await expect(traction.getByText('Monthly growth must be a percentage from -100 to 1000')).toBeVisible();

    await traction.getByLabel('ARR (US$)').fill('1,250,000');
    await traction.getByLabel('Monthly growth (%)').fill('12.5');
    await traction.getByLabel('Customers').fill('48');
    const raising = traction.getByRole('switch', { name: 'Raising now' });
    await expect(raising).toHaveAccessibleDescription('Investors filtering for startups raising now will find you.');
    await raising.focus();
    await page.keyboard.press('Space');
    await expect(raising).not.toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, 'Profile updated', 'Your profile has been updated successfully.');
    await expect(form).toBeHidden();
    await expectDetail(panel, 'ARR', '$1,250,000');
    await expectDetail(panel, 'Monthly Growth', '+12.5% a month');
    await expectDetail(panel, 'Customers', '48');
    await expectDetail(panel, 'Raising Now', 'No, not at the moment');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(dealFlow.getByRole('switch', { name: 'Raising now' })).not.toBeChecked();

    // Saved, not just cached.
    await page.goto('/startup/profile');
    await expectDetail(activePanel(page), 'ARR', '$1,250,000');
  });
});

test.describe('investor profile', () => {
  test('a new investor completes the profile, criteria and thesis through the forms', async ({ page }) => {
    await registerViaApi(page, 'investor');
    await page.goto('/investor/profile');
    await expect(page.getByRole('tab')).toHaveText(['Profile Information', 'Investment Criteria', 'Investment Thesis', 'Track record']);

    await page.getByRole('button', { name: 'Complete your profile' }).click();
    const form = page.getByRole('form', { name: 'Edit profile information' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Firm name must be at least 2 characters', { exact: true })).toBeVisible();
    await expect(form.getByText('Investment thesis must be at least 10 characters', { exact: true })).toBeVisible();

    await form.getByLabel('Firm Name').fill('Harbor Peak Capital');
    await form.getByLabel('Website').fill('https://harborpeak.example.com');
    await form.getByLabel('Location').fill('New York, USA');
    await form.getByLabel('Founding Date').fill('2015-09-01');
    await form.getByLabel('Portfolio Size').fill('27');
    await form.getByLabel('Description').fill('Seed fund for fintech and infrastructure founders.');
    await form.getByLabel('Investment Thesis').fill('Payments infrastructure will be rebuilt for real-time money.');
    await form.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, 'Profile updated', 'Your profile has been updated successfully.');
    let panel = activePanel(page);
    await expectDetail(panel, 'Firm Name', 'Harbor Peak Capital');
    await expectDetail(panel, 'Location', 'New York, USA');
    await expectDetail(panel, 'Founding Date', 'Sep 1, 2015');
    await expectDetail(panel, 'Portfolio Size', '27 companies');
    await expectDetail(panel, 'Description', 'Seed fund for fintech and infrastructure founders.');
    await expect(panel.getByRole('link', { name: /harborpeak\.example\.com/ })).toHaveAttribute('target', '_blank');

    // Investment Criteria: three multi-selects from the spec's lists.
    await page.getByRole('tab', { name: 'Investment Criteria' }).click();
    panel = activePanel(page);
    await expectDetail(panel, 'Industry Focus', 'None selected');
    await panel.getByRole('button', { name: 'Edit Profile' }).click();
    const criteria = page.getByRole('form', { name: 'Edit investment criteria' });
    const industries = criteria.getByRole('group', { name: 'Industry focus' });
    await expect(industries.getByRole('checkbox')).toHaveCount(15);
    await industries.getByRole('checkbox', { name: 'FinTech' }).check();
    await industries.getByRole('checkbox', { name: 'SaaS' }).check();
    await criteria.getByRole('group', { name: 'Stage preference' }).getByRole('checkbox', { name: 'Pre-seed' }).check();
    await criteria.getByRole('group', { name: 'Stage preference' }).getByRole('checkbox', { name: 'Seed', exact: true }).check();
    await criteria.getByRole('group', { name: 'Check sizes' }).getByRole('checkbox', { name: '$100K - $500K' }).check();
    await criteria.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, 'Profile updated', 'Your profile has been updated successfully.');
    // Lists keep the spec's order whatever order they were ticked in.
    await expect(detailValue(panel, 'Industry Focus').getByRole('listitem')).toHaveText(['SaaS', 'FinTech']);
    await expect(detailValue(panel, 'Stage Preference').getByRole('listitem')).toHaveText(['Pre-seed', 'Seed']);
    await expect(detailValue(panel, 'Check Sizes').getByRole('listitem')).toHaveText(['$100K - $500K']);

    // Investment Thesis: edit, then cancel and save.
    await page.getByRole('tab', { name: 'Investment Thesis' }).click();
    panel = activePanel(page);
    await expect(panel.getByText('Payments infrastructure will be rebuilt for real-time money.')).toBeVisible();
    await panel.getByRole('button', { name: 'Edit Profile' }).click();
    const thesis = page.getByRole('form', { name: 'Edit investment thesis' });
    await thesis.getByLabel('Investment Thesis').fill('short');
    await thesis.getByRole('button', { name: 'Save' }).click();
    await expect(thesis.getByText('Investment thesis must be at least 10 characters')).toBeVisible();
    await thesis.getByLabel('Investment Thesis').fill('We lead seed rounds in fintech infrastructure and stay for the long run.');
    await thesis.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Profile updated', 'Your profile has been updated successfully.');
    await expect(panel.getByText('We lead seed rounds in fintech infrastructure and stay for the long run.')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Profile completeness' })).toHaveAttribute('aria-valuenow', '100');

    // The other tabs kept their values (each save sends the whole record).
    await page.getByRole('tab', { name: 'Profile Information' }).click();
    await expectDetail(activePanel(page), 'Portfolio Size', '27 companies');
  });
});

// Issue #15: the own-profile screens read as guidance for their role, not placeholders.
test.describe('profile guidance', () => {
  const PLACEHOLDERS = [
    'Investors see everything they need',
    'Update the details below, then save your changes.',
    'as founders will see them',
    'as investors will see it',
  ];

  async function expectNoPlaceholders(page: Page): Promise<void> {
    const main = page.locator('main');
    for (const phrase of PLACEHOLDERS) await expect(main.getByText(phrase)).toHaveCount(0);
  }

  test('a complete investor profile speaks to founders, and the thesis form says what matching reads', async ({ page }) => {
    await registerViaApi(page, 'investor');
    await saveInvestorProfileViaApi(page); // every field: 100%
    await page.goto('/investor/profile');
    await expect(page.getByRole('progressbar', { name: 'Profile completeness' })).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByText('Founders see your whole firm and thesis, and every criterion counts in your match scores.', { exact: false })).toBeVisible();
    await expectNoPlaceholders(page);

    await page.getByRole('tab', { name: 'Investment Thesis' }).click();
    await activePanel(page).getByRole('button', { name: 'Edit Profile' }).click();
    await expect(activePanel(page).getByText('matching reads it for shared themes, business models and exclusions', { exact: false })).toBeVisible();
    await expect(activePanel(page).getByText('“no hardware” keeps hardware startups out of your matches', { exact: false })).toBeVisible();
    await expectNoPlaceholders(page);
  });

  test('a startup profile says what investors see and what the score uses, in view and edit mode', async ({ page }) => {
    await registerViaApi(page, 'startup');
    await saveStartupProfileViaApi(page, {
      team: [{ name: 'Ada Lovelace', role: 'CEO & Co-founder' }],
      investorPreferences: { stages: ['Series A'], checkSizes: ['$1M - $3M'], industries: ['FinTech'], location: 'Europe' },
    });
    await page.goto('/startup/profile');
    await expect(page.getByRole('progressbar', { name: 'Profile completeness' })).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByText('Investors see your whole company, and every field counts in your match scores.', { exact: false })).toBeVisible();
    await expectNoPlaceholders(page);

    await activePanel(page).getByRole('button', { name: 'Edit Profile' }).click();
    await expect(activePanel(page).getByText('Stage, industry and funding goal decide which investors you are matched with', { exact: false })).toBeVisible();
    await expectNoPlaceholders(page);
  });
});
