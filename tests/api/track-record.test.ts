// Investor track records (issue #19): CRUD with the form's sentences, ownership (404 for another
// investor's id, 403 for startups), the CSV preview (good, bad and mixed files, Crunchbase headers
// included) and the import (valid rows in one transaction, duplicates reported, nothing saved when
// the mapping cannot work or a row fails mid-way), the public view with its 404s, and the reader
// matching uses.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { trackRecordInvestments } from '../../src/server/db/schema';
import { listTrackRecordsFor } from '../../src/server/features/track-record';
import { IMPORT_TOO_LARGE_MESSAGE, IMPORT_TOO_MANY_ROWS_MESSAGE } from '../../src/shared/contracts/track-record';
import { buildInvestorProfileBody, buildStartupProfileBody, TEST_PASSWORD } from '../factories';
import { serviceContext } from '../support/service-context';
import { TestClient, createTestClock, useTestSuite } from '../support/test-app';

// The server's clock says 1 November 2026: a later date is "in the future" whatever the wall clock says.
const clock = createTestClock(new Date('2026-11-01T12:00:00Z'));
const suite = useTestSuite({ clock });
let ipCounter = 0;
const newClient = (app: FastifyInstance = suite.app) => new TestClient(app, `198.18.19.${++ipCounter}`);

async function investor() {
  const client = newClient();
  const { user } = await client.register('investor');
  const saved = await client.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody() });
  expect(saved.statusCode, saved.body).toBe(200);
  return { client, user };
}

async function startup() {
  const client = newClient();
  const { user } = await client.register('startup');
  const saved = await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody() });
  expect(saved.statusCode, saved.body).toBe(200);
  return { client, user };
}

const investment = (overrides: Record<string, unknown> = {}) => ({
  companyName: 'Nimbus Health',
  investedOn: '2024-06-30',
  stage: 'Seed',
  industry: 'HealthTech',
  location: 'London, UK',
  amountUsd: 500_000,
  link: 'https://nimbus.example',
  ...overrides,
});

const URL = '/api/investor/track-record';
const add = (client: TestClient, payload: Record<string, unknown>) => client.request({ method: 'POST', url: URL, payload });
const own = async (client: TestClient) => (await client.request({ method: 'GET', url: URL })).json();
const preview = (client: TestClient, csv: string, mapping?: Record<string, string | null>) =>
  client.request({ method: 'POST', url: `${URL}/import/preview`, payload: mapping ? { csv, mapping } : { csv } });
const importCsv = (client: TestClient, csv: string, mapping: Record<string, string | null>) =>
  client.request({ method: 'POST', url: `${URL}/import`, payload: { csv, mapping } });
const storedCount = async (investorId: number) =>
  (await suite.database.db.select().from(trackRecordInvestments).where(eq(trackRecordInvestments.investorId, investorId))).length;

const CRUNCHBASE_CSV = [
  'company_permalink,company_name,company_category_list,company_country_code,company_city,funding_round_type,funded_at,raised_amount_usd',
  '/organization/paylane,PayLane,Fintech|Payments,GBR,London,seed,2019-03-14,1500000',
  '/organization/curely,Curely,Health Care|Medical,USA,Boston,series-a,2021-07-01,12000000',
  '/organization/tutorly,Tutorly,Education,DEU,Berlin,angel,2016-01-20,',
  '/organization/scaleup,ScaleUp,Software|Analytics,FRA,Paris,series-d,2023-05-05,80000000',
].join('\n');

const PLAIN_MAPPING = { companyName: 'Company', investedOn: 'Date', stage: 'Stage', industry: 'Industry', location: null, amountUsd: 'Amount', link: null };

describe('track record CRUD', () => {
  it('adds, lists newest first with the counts, edits and deletes the investor’s own investments', async () => {
    const { client } = await investor();
    const first = await add(client, investment());
    expect(first.statusCode, first.body).toBe(201);
    // The country comes from the location ("London, UK" names the United Kingdom).
    expect(first.json()).toMatchObject({ companyName: 'Nimbus Health', investedOn: '2024-06-30', stage: 'Seed', amountUsd: 500_000, countryCode: 'GB' });
    await add(client, investment({ companyName: 'Ledgerly', investedOn: '2025-02-10', stage: 'Series A', industry: 'FinTech', amountUsd: null, link: '' }));
    await add(client, investment({ companyName: 'Old Co', investedOn: '2012-01-01', stage: 'Seed', industry: 'FinTech', location: '' }));

    const record = await own(client);
    expect(record.investments.map((entry: { companyName: string }) => entry.companyName)).toEqual(['Ledgerly', 'Nimbus Health', 'Old Co']);
    expect(record.investments[0]).toMatchObject({ amountUsd: null, link: null });
    expect(record.investments[2]).toMatchObject({ location: null, countryCode: null });
    expect(record.summary).toEqual({
      total: 3,
      byStage: [
        { label: 'Seed', count: 2 },
        { label: 'Series A', count: 1 },
      ],
      byIndustry: [
        { label: 'FinTech', count: 2 },
        { label: 'HealthTech', count: 1 },
      ],
      firstYear: 2012,
      lastYear: 2025,
    });

    const id = first.json().id;
    const edited = await client.request({
      method: 'PUT',
      url: `${URL}/${id}`,
      payload: investment({ stage: 'Pre-seed', amountUsd: 0, location: 'Austin, Texas' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id, stage: 'Pre-seed', amountUsd: 0, countryCode: 'US' });

    const deleted = await client.request({ method: 'DELETE', url: `${URL}/${id}` });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await own(client)).summary.total).toBe(2);
  });

  it('answers 404 for another investor’s investment and leaves it as it was', async () => {
    const owner = await investor();
    const other = await investor();
    const { id } = (await add(owner.client, investment())).json();
    const edit = await other.client.request({ method: 'PUT', url: `${URL}/${id}`, payload: investment({ companyName: 'Hijacked' }) });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toEqual({ message: 'This investment does not exist.' });
    expect((await other.client.request({ method: 'DELETE', url: `${URL}/${id}` })).statusCode).toBe(404);
    expect((await own(owner.client)).investments).toMatchObject([{ id, companyName: 'Nimbus Health' }]);
    expect((await own(other.client)).investments).toEqual([]);
  });

  it('refuses startups with a sentence', async () => {
    const { client } = await startup();
    const response = await client.request({ method: 'GET', url: URL });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Only investor accounts can do that.' });
    expect((await add(client, investment())).statusCode).toBe(403);
    expect((await preview(client, 'Company\nA')).statusCode).toBe(403);
  });

  it.each([
    ['companyName', { companyName: '  ' }, 'Please enter the company name'],
    ['stage', { stage: undefined }, 'Please choose a stage'],
    ['stage', { stage: 'Series Z' }, 'Please choose a stage'],
    ['industry', { industry: 'Pets' }, 'Please choose an industry'],
    ['investedOn', { investedOn: '' }, 'Please enter the date of the investment'],
    ['investedOn', { investedOn: '2025-02-31' }, 'Please enter a valid date'],
    // After the server's clock (1 November 2026), though not after the wall clock of whoever runs this.
    ['investedOn', { investedOn: '2026-11-10' }, 'The date of an investment cannot be in the future'],
    ['amountUsd', { amountUsd: -1 }, 'The amount cannot be negative'],
    ['link', { link: 'javascript:alert(1)' }, 'A link must be a web address starting with http:// or https://'],
    ['link', { link: 'ftp://files.example/deal' }, 'A link must be a web address starting with http:// or https://'],
  ])('refuses a bad %s with the form’s sentence (%j)', async (field, overrides, message) => {
    const { client, user } = await investor();
    const response = await add(client, investment(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toContain(message);
    expect(await storedCount(user.id)).toBe(0);
  });

  it('accepts today’s date by the server’s clock', async () => {
    const { client } = await investor();
    expect((await add(client, investment({ investedOn: '2026-11-01' }))).statusCode).toBe(201);
  });

  it('refuses the same company on the same date twice, in any case', async () => {
    const { client, user } = await investor();
    expect((await add(client, investment())).statusCode).toBe(201);
    const again = await add(client, investment({ companyName: 'NIMBUS  health' }));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This investment is already in your track record: the same company on the same date.');
    expect(await storedCount(user.id)).toBe(1);
  });
});

describe('CSV preview', () => {
  it('maps a Crunchbase funding-rounds export: headers, round types, category lists and amounts', async () => {
    const { client, user } = await investor();
    const response = await preview(client, CRUNCHBASE_CSV);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.columns).toHaveLength(8);
    expect(body.mapping).toEqual({
      companyName: 'company_name',
      investedOn: 'funded_at',
      stage: 'funding_round_type',
      industry: 'company_category_list',
      location: 'company_city',
      amountUsd: 'raised_amount_usd',
      link: null,
    });
    expect(body).toMatchObject({ validCount: 4, errorCount: 0 });
    expect(body.rows.map((row: { rowNumber: number }) => row.rowNumber)).toEqual([2, 3, 4, 5]);
    expect(body.rows.map((row: { investment: unknown }) => row.investment)).toEqual([
      { companyName: 'PayLane', investedOn: '2019-03-14', stage: 'Seed', industry: 'FinTech', location: 'London', amountUsd: 1_500_000, link: null },
      { companyName: 'Curely', investedOn: '2021-07-01', stage: 'Series A', industry: 'HealthTech', location: 'Boston', amountUsd: 12_000_000, link: null },
      { companyName: 'Tutorly', investedOn: '2016-01-20', stage: 'Pre-seed', industry: 'EdTech', location: 'Berlin', amountUsd: null, link: null },
      { companyName: 'ScaleUp', investedOn: '2023-05-05', stage: 'Series C+', industry: 'SaaS', location: 'Paris', amountUsd: 80_000_000, link: null },
    ]);
    expect(body.rows[0].values[1]).toBe('PayLane');
    // A preview saves nothing.
    expect(await storedCount(user.id)).toBe(0);
  });

  it('reads plain headers and the common ways of writing dates and amounts', async () => {
    const { client } = await investor();
    const csv = [
      'Company,Date,Stage,Industry,Amount,Website',
      'A Co,03/15/2022,Seed,FinTech,"$1,500,000",a.example',
      'B Co,2021-09,Series B,AI/ML,1.5M,',
      'C Co,2020-01-02,seed,saas,500k,',
    ].join('\n');
    const body = (await preview(client, csv)).json();
    expect(body.mapping).toMatchObject({
      companyName: 'Company',
      investedOn: 'Date',
      stage: 'Stage',
      industry: 'Industry',
      amountUsd: 'Amount',
      link: 'Website',
    });
    expect(body.rows.map((row: { investment: { investedOn: string; amountUsd: number } }) => [row.investment.investedOn, row.investment.amountUsd])).toEqual([
      ['2022-03-15', 1_500_000],
      ['2021-09-01', 1_500_000],
      ['2020-01-02', 500_000],
    ]);
    expect(body.rows[0].investment.link).toBe('https://a.example');
  });

  it('lists every error of every bad row in a mixed file, next to the valid rows', async () => {
    const { client, user } = await investor();
    await add(client, investment({ companyName: 'Known Co', investedOn: '2020-05-05' }));
    const csv = [
      'Company,Date,Stage,Industry,Amount',
      'Good Co,2022-01-01,Seed,FinTech,1000',
      ',2022-01-01,Seed,FinTech,',
      'Future Co,2027-01-01,Seed,FinTech,',
      'Odd Co,31.12.2020,Series Q,Pets,-5',
      'Euro Co,2021-01-01,Seed,FinTech,€500',
      'Known Co,2020-05-05,Seed,FinTech,',
      'Good Co,2022-01-01,Seed,FinTech,',
    ].join('\n');
    const body = (await preview(client, csv)).json();
    expect(body).toMatchObject({ validCount: 1, errorCount: 6 });
    const errorsOf = (rowNumber: number) => body.rows.find((row: { rowNumber: number }) => row.rowNumber === rowNumber).errors;
    expect(errorsOf(2)).toEqual([]);
    expect(errorsOf(3)).toEqual(['Please enter the company name']);
    expect(errorsOf(4)).toEqual(['The date of an investment cannot be in the future']);
    expect(errorsOf(5)).toEqual([
      'Please enter a valid date: “31.12.2020” is not a date (use YYYY-MM-DD, MM/DD/YYYY or YYYY-MM)',
      'Please choose a stage: “Series Q” is not a stage we know (Pre-seed, Seed, Series A, Series B, Series C+, Growth, Acquisition)',
      'Please choose an industry: “Pets” is not an industry we know',
      'The amount cannot be negative',
    ]);
    expect(errorsOf(6)).toEqual(['The amount “€500” is not a number of US dollars (for example 1500000, $1.5M or 500k)']);
    expect(errorsOf(7)).toEqual(['Already in your track record (the same company on the same date)']);
    expect(errorsOf(8)).toEqual(['The same investment as row 2 of this file']);
    expect(body.rows.find((row: { rowNumber: number }) => row.rowNumber === 5).investment).toBeNull();
    expect(await storedCount(user.id)).toBe(1);
  });

  it('previews a file whose columns it cannot place, with the reason on every row, and re-checks with the investor’s mapping', async () => {
    const { client } = await investor();
    const csv = ['Startup Title,When,Kind,Field', 'Alpha,2022-01-01,Seed,FinTech'].join('\n');
    const guessed = (await preview(client, csv)).json();
    expect(guessed.mapping).toEqual({ companyName: null, investedOn: null, stage: null, industry: null, location: null, amountUsd: null, link: null });
    expect(guessed.validCount).toBe(0);
    expect(guessed.rows[0].errors[0]).toMatch(/^Choose the column that holds the company, the date, the stage, the industry/);

    const mapping = { companyName: 'Startup Title', investedOn: 'When', stage: 'Kind', industry: 'Field', location: null, amountUsd: null, link: null };
    const chosen = (await preview(client, csv, mapping)).json();
    expect(chosen).toMatchObject({ mapping, validCount: 1, errorCount: 0 });
  });

  it.each([
    ['an empty file', '', 'This file is empty: it needs a header row naming the columns, then one row per investment.'],
    ['a header without rows', 'Company,Date\n\n', 'This file has a header row but no investments under it.'],
    ['more than 2,000 rows', `Company,Date,Stage,Industry\n${'A,2020-01-01,Seed,SaaS\n'.repeat(2001)}`, IMPORT_TOO_MANY_ROWS_MESSAGE],
    ['more than 1 MB', `Company\n${'x'.repeat(1_000_001)}`, IMPORT_TOO_LARGE_MESSAGE],
  ])('refuses %s with a sentence', async (_name, csv, message) => {
    const { client } = await investor();
    const response = await preview(client, csv);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a body far past the import limit before reading it', async () => {
    const { client } = await investor();
    const response = await preview(client, 'x'.repeat(3 * 1024 * 1024));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request is too large.' });
  });
});

describe('CSV import', () => {
  const MIXED = [
    'Company,Date,Stage,Industry,Amount',
    'Alpha,2022-01-01,Seed,FinTech,1000',
    'Beta,not a date,Seed,FinTech,',
    'Gamma,2021-06-01,series-b,Media,2M',
  ].join('\n');

  it('saves the valid rows, reports the rejected ones with their row numbers, and never saves a deal twice', async () => {
    const { client, user } = await investor();
    const first = await importCsv(client, MIXED, PLAIN_MAPPING);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      saved: 2,
      rejected: [{ rowNumber: 3, reason: 'Please enter a valid date: “not a date” is not a date (use YYYY-MM-DD, MM/DD/YYYY or YYYY-MM)' }],
    });
    const record = await own(client);
    expect(record.investments.map((entry: { companyName: string; stage: string }) => [entry.companyName, entry.stage])).toEqual([
      ['Alpha', 'Seed'],
      ['Gamma', 'Series B'],
    ]);
    expect(record.investments[1].amountUsd).toBe(2_000_000);

    const again = await importCsv(client, MIXED, PLAIN_MAPPING);
    expect(again.json().saved).toBe(0);
    expect(again.json().rejected).toEqual([
      { rowNumber: 2, reason: 'Already in your track record (the same company on the same date)' },
      { rowNumber: 3, reason: expect.stringMatching(/^Please enter a valid date/) },
      { rowNumber: 4, reason: 'Already in your track record (the same company on the same date)' },
    ]);
    expect(await storedCount(user.id)).toBe(2);
  });

  it('saves nothing when the mapping cannot work, with a sentence', async () => {
    const { client, user } = await investor();
    const missing = await importCsv(client, MIXED, { ...PLAIN_MAPPING, stage: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Choose the column that holds the stage: every investment needs a company, a date, a stage and an industry.');
    const unknown = await importCsv(client, MIXED, { ...PLAIN_MAPPING, amountUsd: 'Cheque' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('This file has no column named “Cheque”. Choose one of its columns.');
    const twice = await importCsv(client, MIXED, { ...PLAIN_MAPPING, location: 'Company' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('The column “Company” is chosen for two fields. Choose a different column for one of them.');
    expect(await storedCount(user.id)).toBe(0);
  });

  it('saves all valid rows in one transaction: a row the database refuses mid-way leaves none saved', async () => {
    const { client, user } = await investor();
    const db = suite.database.db;
    // A real failure inside the transaction, after the first rows went in: the database refuses one row.
    await db.execute(
      sql.raw(`create function track_record_refuse_boom() returns trigger language plpgsql as $$
        begin if new.company_name = 'Boom Corp' then raise exception 'refused for the test'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw('create trigger track_record_refuse_boom before insert on track_record_investments for each row execute function track_record_refuse_boom()'),
    );
    try {
      // 600 rows, so the insert takes more than one statement (500 rows each) and the refused row
      // comes after a whole statement has gone in: only the transaction can take those back.
      const rows = Array.from({ length: 600 }, (_, index) => `${index === 549 ? 'Boom Corp' : `Company ${index}`},2022-01-01,Seed,FinTech,`);
      const csv = ['Company,Date,Stage,Industry,Amount', ...rows].join('\n');
      const response = await importCsv(client, csv, PLAIN_MAPPING);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Internal Server Error' });
      expect(await storedCount(user.id)).toBe(0);
    } finally {
      await db.execute(sql.raw('drop trigger track_record_refuse_boom on track_record_investments'));
      await db.execute(sql.raw('drop function track_record_refuse_boom()'));
    }
    // The same file imports once the database accepts it.
    const csv = ['Company,Date,Stage,Industry,Amount', 'First Co,2022-01-01,Seed,FinTech,', 'Boom Corp,2022-02-01,Seed,FinTech,'].join('\n');
    expect((await importCsv(client, csv, PLAIN_MAPPING)).json().saved).toBe(2);
  });
});

describe('public track record', () => {
  it('shows the investor’s deals and counts to any signed-in user', async () => {
    const owner = await investor();
    await add(owner.client, investment());
    await add(owner.client, investment({ companyName: 'Ledgerly', investedOn: '2025-02-10', industry: 'FinTech' }));
    const viewer = await startup();
    const response = await viewer.client.request({ method: 'GET', url: `/api/investors/${owner.user.id}/track-record` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().investments.map((entry: { companyName: string }) => entry.companyName)).toEqual(['Ledgerly', 'Nimbus Health']);
    expect(response.json().summary).toMatchObject({ total: 2, byStage: [{ label: 'Seed', count: 2 }] });
    const peer = await investor();
    expect((await peer.client.request({ method: 'GET', url: `/api/investors/${owner.user.id}/track-record` })).statusCode).toBe(200);
  });

  it('is a 404 for an id that is no investor, a block either way, and a deleted account', async () => {
    const owner = await investor();
    await add(owner.client, investment());
    const viewer = await startup();
    const view = (client: TestClient, id: number) => client.request({ method: 'GET', url: `/api/investors/${id}/track-record` });
    expect((await view(viewer.client, viewer.user.id)).statusCode).toBe(404);
    expect((await view(viewer.client, 2_000_000)).statusCode).toBe(404);

    // The investor blocks the startup: the profile does not exist for it.
    expect((await owner.client.request({ method: 'POST', url: '/api/blocks', payload: { userId: viewer.user.id } })).statusCode).toBe(201);
    const blocked = await view(viewer.client, owner.user.id);
    expect(blocked.statusCode).toBe(404);
    expect(blocked.json()).toEqual({ message: 'This investor profile does not exist.' });
    await owner.client.request({ method: 'DELETE', url: `/api/blocks/${viewer.user.id}` });
    expect((await view(viewer.client, owner.user.id)).statusCode).toBe(200);

    // The startup blocks the investor: the same.
    await viewer.client.request({ method: 'POST', url: '/api/blocks', payload: { userId: owner.user.id } });
    expect((await view(viewer.client, owner.user.id)).statusCode).toBe(404);
    await viewer.client.request({ method: 'DELETE', url: `/api/blocks/${owner.user.id}` });

    const deleted = await owner.client.request({ method: 'DELETE', url: '/api/account', payload: { password: TEST_PASSWORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await view(viewer.client, owner.user.id)).statusCode).toBe(404);
  });
});

describe('listTrackRecordsFor (matching’s reader)', () => {
  it('returns each investor’s investments newest first, keyed by investor', async () => {
    const a = await investor();
    const b = await investor();
    const none = await investor();
    await add(a.client, investment({ companyName: 'Old', investedOn: '2015-01-01' }));
    await add(a.client, investment({ companyName: 'New', investedOn: '2023-01-01' }));
    await add(b.client, investment({ companyName: 'Only', stage: 'Growth' }));
    const records = await listTrackRecordsFor(serviceContext(suite.app), [a.user.id, b.user.id, none.user.id, a.user.id]);
    expect(records.get(a.user.id)?.map((entry) => entry.companyName)).toEqual(['New', 'Old']);
    expect(records.get(b.user.id)).toMatchObject([{ companyName: 'Only', stage: 'Growth', industry: 'HealthTech', investorId: b.user.id }]);
    expect(records.has(none.user.id)).toBe(false);
  });
});
