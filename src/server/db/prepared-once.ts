// Prepared statements for hot reads (issue #16): built once per database handle, so Drizzle builds
// each statement's SQL text once rather than per request, and PostgreSQL parses and plans it once
// per connection. A statement belongs to the root handle: use these outside transactions only.
import type { AppDatabase, DbExecutor } from './client';

/** `prepare` run once per database handle; the function returned hands out that handle's statements. */
export function preparedOnce<Statements>(prepare: (db: AppDatabase) => Statements): (db: DbExecutor) => Statements {
  const byDatabase = new WeakMap<DbExecutor, Statements>();
  return (db) => {
    let statements = byDatabase.get(db);
    if (!statements) {
      statements = prepare(db as AppDatabase);
      byDatabase.set(db, statements);
    }
    return statements;
  };
}
