// The banner `npm start` prints last (issue #15): the address, the database in use and the demo
// logins, and never a secret from DATABASE_URL.
import { describe, expect, it } from 'vitest';
import { describeDatabase, formatStartBanner } from '../../src/server/logging';

const DEMO = {
  password: 'venture-demo-2026',
  logins: [
    { username: 'ledgerly', userType: 'startup' },
    { username: 'carepath', userType: 'startup' },
    { username: 'northstar', userType: 'investor' },
  ],
};

describe('the database line', () => {
  it('names the embedded database and its folder', () => {
    expect(describeDatabase({ kind: 'pglite', dataDir: './data' })).toBe('embedded (PGlite) in ./data');
  });

  it('names the PostgreSQL host, port and database, and never the user or password', () => {
    const described = describeDatabase({ kind: 'postgres', databaseUrl: 'postgres://vm_admin:S3cret%40Pass@db.internal:6543/venturematch?sslmode=require' });
    expect(described).toBe('PostgreSQL at db.internal:6543/venturematch');
    for (const secret of ['S3cret', 'S3cret@Pass', 'S3cret%40Pass', 'vm_admin', 'sslmode']) expect(described).not.toContain(secret);
  });

  it('copes with a socket directory, no port, and an address it cannot read', () => {
    expect(describeDatabase({ kind: 'postgres', databaseUrl: 'postgresql://app:pw@localhost/app' })).toBe('PostgreSQL at localhost/app');
    expect(describeDatabase({ kind: 'postgres', databaseUrl: 'postgres:///app?host=/var/run/postgresql' })).toBe('PostgreSQL at /var/run/postgresql/app');
    expect(describeDatabase({ kind: 'postgres', databaseUrl: 'not a url with password hunter2' })).toBe('PostgreSQL');
  });
});

describe('the banner', () => {
  it('says where to open the app, which database it uses, and how to sign in to the demo', () => {
    const banner = formatStartBanner({ url: 'http://localhost:5000', database: { kind: 'pglite', dataDir: './data' }, demo: DEMO });
    expect(banner.split('\n')).toEqual([
      '',
      '  VentureMatch is running at http://localhost:5000',
      '  Database: embedded (PGlite) in ./data',
      '  Demo logins (password for all: venture-demo-2026):',
      '    startups   ledgerly, carepath',
      '    investors  northstar',
      '',
    ]);
  });

  it('keeps a long list of names within the terminal width', () => {
    const logins = Array.from({ length: 30 }, (_, index) => ({ username: `investor${index}`, userType: 'investor' }));
    const banner = formatStartBanner({ url: 'http://localhost:5000', database: { kind: 'pglite', dataDir: './data' }, demo: { password: 'pw', logins } });
    const lines = banner.split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
    for (const { username } of logins) expect(banner).toContain(username);
  });

  it('on PostgreSQL shows the host and no demo, and no part of the password', () => {
    const banner = formatStartBanner({
      url: 'http://localhost:5000',
      database: { kind: 'postgres', databaseUrl: 'postgres://app:correct-horse-battery@pg.example.com:5432/app' },
      demo: null,
    });
    expect(banner).toContain('  Database: PostgreSQL at pg.example.com:5432/app');
    expect(banner).not.toContain('correct-horse-battery');
    expect(banner).not.toContain('Demo logins');
  });
});
