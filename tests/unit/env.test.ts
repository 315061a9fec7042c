// The environment is validated at boot with one clear line naming the bad variable.
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../src/server/env';
import { mailStartupWarnings } from '../../src/server/mail';

describe('loadEnv', () => {
  it('has working defaults for a developer machine', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 5000, DATA_DIR: './data', SEED_DEMO: true, NODE_ENV: 'development', HOST: 'localhost', COOKIE_SECURE: false });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('defaults to secure cookies and all interfaces in production', () => {
    expect(loadEnv({ NODE_ENV: 'production', APP_ORIGIN: 'https://app.example.com' })).toMatchObject({ COOKIE_SECURE: true, HOST: '0.0.0.0' });
  });

  it('refuses to start in production without APP_ORIGIN: reset links must not follow a forgeable Host header', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/^Invalid environment variable APP_ORIGIN: required when NODE_ENV=production/);
    expect(loadEnv({ NODE_ENV: 'development' }).APP_ORIGIN).toBeUndefined();
  });

  it('reads overrides', () => {
    const env = loadEnv({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/vm',
      SEED_DEMO: 'false',
      LOGIN_MAX_FAILURES_PER_IP: '9',
      APP_ORIGIN: 'https://app.example.com/',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgres://u@db:5432/vm',
      SEED_DEMO: false,
      LOGIN_MAX_FAILURES_PER_IP: 9,
      APP_ORIGIN: 'https://app.example.com',
    });
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid environment variable PORT: must be a port number \(got "abc"\)\.$/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://root@localhost/db' }, /DATABASE_URL: must start with postgres:\/\//],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO: must be true or false/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ APP_ORIGIN: 'javascript:alert(1)' }, /APP_ORIGIN/],
    [{ LOGIN_MAX_FAILURES_PER_USERNAME: '0' }, /LOGIN_MAX_FAILURES_PER_USERNAME: must be above 0/],
  ])('rejects %o with one line naming the variable', (source, message) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(message);
  });

  it('treats empty values as unset', () => {
    const env = loadEnv({ DATABASE_URL: '', PORT: '' });
    expect(env.PORT).toBe(5000);
    expect(env.DATABASE_URL).toBeUndefined();
  });
});

describe('storage settings', () => {
  it('defaults to the disk and requires a bucket for S3', () => {
    expect(loadEnv({}).STORAGE_DRIVER).toBe('disk');
    expect(() => loadEnv({ STORAGE_DRIVER: 's3' })).toThrow('Invalid environment variable S3_BUCKET: required when STORAGE_DRIVER=s3.');
    expect(loadEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'vm-docs', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
      S3_BUCKET: 'vm-docs',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(() => loadEnv({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER: must be disk or s3/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, so X-Forwarded-For is ignored', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count or a list of proxy addresses and CIDRs', () => {
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,fd00::/8,loopback' }).TRUST_PROXY).toEqual(['10.0.0.2', '10.1.0.0/16', 'fd00::/8', 'loopback']);
  });

  it('refuses true with a line that explains the new form', () => {
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(EnvError);
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(
      'Invalid environment variable TRUST_PROXY: true would trust every hop, so any client could forge X-Forwarded-For; give the number of proxies in front of the app (e.g. 1) or their addresses/CIDRs, comma-separated (e.g. 10.0.0.2,10.1.0.0/16) (got "true").',
    );
  });

  it.each(['proxy.internal', '10.0.0.0/33', '10.0.0.1/8/1', '-1', '1.5'])('refuses %s naming the form', (value) => {
    expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(
      /^Invalid environment variable TRUST_PROXY: must be the number of proxies in front of the app \(e\.g\. 1\) or their addresses\/CIDRs/,
    );
  });
});

describe('REGISTRATION_MAX_PER_IP_PER_HOUR', () => {
  it('defaults to 5 and must be a positive whole number', () => {
    expect(loadEnv({}).REGISTRATION_MAX_PER_IP_PER_HOUR).toBe(5);
    expect(loadEnv({ REGISTRATION_MAX_PER_IP_PER_HOUR: '100000' }).REGISTRATION_MAX_PER_IP_PER_HOUR).toBe(100_000);
    expect(() => loadEnv({ REGISTRATION_MAX_PER_IP_PER_HOUR: '0' })).toThrow(/REGISTRATION_MAX_PER_IP_PER_HOUR: must be above 0/);
  });
});

describe('email settings', () => {
  it('sends nothing over SMTP by default, from the product address', () => {
    const env = loadEnv({});
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBe('VentureMatch <no-reply@venturematch.local>');
  });

  it.each(['smtp://smtp.example.com', 'smtp://user:p%40ss@smtp.example.com:587', 'smtps://user:pass@smtp.example.com:465', 'SMTP://localhost:1025'])(
    'takes SMTP_URL %s',
    (value) => {
      expect(loadEnv({ SMTP_URL: value }).SMTP_URL).toBe(value);
    },
  );

  it.each(['http://smtp.example.com', 'smtp.example.com:587', 'smtp://', 'smtp:// spaces@host'])('refuses SMTP_URL %s with the form to use', (value) => {
    expect(() => loadEnv({ SMTP_URL: value })).toThrow(
      'Invalid environment variable SMTP_URL: must be an smtp:// or smtps:// URL such as smtp://user:password@smtp.example.com:587.',
    );
  });

  it('never repeats a URL that may hold a password in its error', () => {
    const secret = 'hunter2-in-the-url';
    for (const source of [{ SMTP_URL: `http://user:${secret}@smtp.example.com` }, { DATABASE_URL: `mysql://root:${secret}@localhost/db` }]) {
      expect(() => loadEnv(source)).toThrow(EnvError);
      expect(() => loadEnv(source)).not.toThrow(secret);
    }
  });

  it.each(['no-reply@example.com', 'VentureMatch <no-reply@example.com>', '"VentureMatch, Inc." <no-reply@example.com>', '  Ops <ops@example.com>  '])(
    'takes MAIL_FROM %s',
    (value) => {
      expect(loadEnv({ MAIL_FROM: value }).MAIL_FROM).toBe(value.trim());
    },
  );

  it.each([
    'VentureMatch',
    'no-reply',
    'a@example.com, b@example.com',
    'Name, Inc <a@example.com>',
    'Name <a@example.com>\r\nBcc: x@example.com',
    'Name <not an address>',
  ])('refuses MAIL_FROM %j', (value) => {
    expect(() => loadEnv({ MAIL_FROM: value })).toThrow(/^Invalid environment variable MAIL_FROM: must be an email address or "Name <address>"/);
  });
});

describe('email start-up warnings', () => {
  it('warns in production without SMTP_URL that emails go to the outbox, naming the folder', () => {
    const warnings = mailStartupWarnings(loadEnv({ NODE_ENV: 'production', DATA_DIR: '/var/lib/venturematch', APP_ORIGIN: 'https://app.example.com' }));
    expect(warnings).toEqual([
      'SMTP_URL is not set: emails (password resets, verifications, notices) are written to /var/lib/venturematch/outbox instead of being sent.',
    ]);
  });

  it('is quiet when production is configured, and on a developer machine', () => {
    expect(mailStartupWarnings(loadEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://smtp.example.com', APP_ORIGIN: 'https://app.example.com' }))).toEqual([]);
    expect(mailStartupWarnings(loadEnv({}))).toEqual([]);
    expect(mailStartupWarnings(loadEnv({ NODE_ENV: 'test' }))).toEqual([]);
  });
});
