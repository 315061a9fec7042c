// The PostgreSQL extensions the embedded database must load: the migrations create them
// (drizzle/0014_search.sql: pg_trgm for search), and PGlite can only CREATE EXTENSION for the
// ones handed to it when it opens, on every open, also of a directory or snapshot that already has
// them. Every place that opens a PGlite (the worker, the tests' snapshots, the benches) passes this.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_EXTENSIONS = { pg_trgm };
