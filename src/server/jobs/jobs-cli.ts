// `npm run jobs`: what the durable job queue holds, for operators.
//   npm run jobs                 counts per state, and the newest failed jobs with their errors
//   npm run jobs -- retry <id>   puts a failed job back in the queue with fresh attempts
// On the embedded database, stop the server first: its data directory is locked to one process.
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../db/client';
import { loadEnv } from '../env';
import { listJobs, retryFailedJob } from './job-queue';

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, console);
try {
  const [command, argument] = process.argv.slice(2);
  if (command === 'retry') {
    const id = Number(argument);
    if (!Number.isInteger(id) || id <= 0) throw new Error('Usage: npm run jobs -- retry <job id>');
    const isRetried = await retryFailedJob(database.db, id, new Date());
    console.log(isRetried ? `Job ${id} is queued again; a running server picks it up within a second.` : `No failed job ${id}.`);
  } else {
    const counts = await queryRows<{ state: string; count: number }>(
      database.db,
      sql`select state, count(*)::int as count from jobs group by state order by state`,
    );
    console.log(counts.length === 0 ? 'No jobs.' : counts.map((row) => `${row.state}: ${row.count}`).join('   '));
    const failed = await listJobs(database.db, 'failed', 20);
    for (const job of failed) {
      console.log(
        `\n#${job.id} ${job.name} failed after ${job.attempts} attempts at ${job.finishedAt?.toISOString() ?? '?'}\n  ${job.lastError ?? '(no message)'}`,
      );
    }
    if (failed.length > 0) console.log('\nRetry one with: npm run jobs -- retry <id>');
  }
} finally {
  await database.close();
}
