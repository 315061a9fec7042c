// `npm run test:pg`: the API integration suite against a real PostgreSQL server.
// Each suite creates (and drops) its own database on TEST_DATABASE_URL's server.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
console.log(`API suite on PostgreSQL at ${url.replace(/\/\/[^@]*@/, '//***@')}`);
const result = spawnSync('npx', ['vitest', 'run', 'tests/api', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
