// `npm run db:seed`: seed the demo data into an empty database (refused in production).
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { describeDemoLogins, isDatabaseEmpty, seedDemoData } from '../demo/demo-seed';
import { loadEnv } from '../env';

const env = loadEnv();
if (env.NODE_ENV === 'production') {
  console.error('Refusing to seed demo data with NODE_ENV=production.');
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, console);
await runMigrations(database);
if (await isDatabaseEmpty(database.db)) console.log(describeDemoLogins(await seedDemoData(database.db)));
else console.log('The database already has users; the demo seed only fills an empty database.');
await database.close();
