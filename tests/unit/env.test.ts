// The environment is validated at boot with one clear line naming the bad variable.
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../src/server/env';

describe('loadEnv', () => {
  it('has working defaults for a developer machine', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 5000, DATA_DIR: './data', SEED_DEMO: true, NODE_ENV: 'development', HOST: 'localhost', COOKIE_SECURE: false });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('defaults to secure cookies and all interfaces in production', () => {
    expect(loadEnv({ NODE_ENV: 'production' })).toMatchObject({ COOKIE_SECURE: true, HOST: '0.0.0.0' });
  });

  it('reads overrides', () => {
    const env = loadEnv({ PORT: '8080', DATABASE_URL: 'postgres://u@db:5432/vm', SEED_DEMO: 'false', LOGIN_MAX_FAILURES_PER_IP: '9', APP_ORIGIN: 'https://app.example.com/' });
    expect(env).toMatchObject({ PORT: 8080, DATABASE_URL: 'postgres://u@db:5432/vm', SEED_DEMO: false, LOGIN_MAX_FAILURES_PER_IP: 9, APP_ORIGIN: 'https://app.example.com' });
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
    expect(loadEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'vm-docs', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({ S3_BUCKET: 'vm-docs', S3_FORCE_PATH_STYLE: true });
    expect(() => loadEnv({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER: must be disk or s3/);
  });
});
