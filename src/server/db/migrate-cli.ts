// `npm run db:migrate`: apply the committed migrations to DATABASE_URL or the embedded database.
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { loadEnv } from '../env';

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, console);
await runMigrations(database);
await database.close();
console.log(`Migrations applied (${database.kind === 'pglite' ? `embedded, ${env.DATA_DIR}` : 'PostgreSQL'}).`);
