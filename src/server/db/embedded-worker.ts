// The embedded database's own thread. PGlite is Postgres compiled to WebAssembly: every query runs
// synchronously on the thread that owns it. On the main thread that froze HTTP parsing, response
// serialisation and timers for the length of each query, left the second core idle, and let one slow
// match list hold up every request behind it (p99 of seconds at 50 connections, issue #16). Here it
// owns a worker thread instead, and the main thread talks to it with the small message protocol
// below (embedded-worker-driver.ts is the other end, and what Drizzle sees).
//
// PGlite itself serialises the work in arrival order: its query and transaction mutexes are FIFO,
// and an open transaction holds the transaction mutex until its COMMIT or ROLLBACK, so the
// statements of two concurrent transactions never interleave, as on the main thread before.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction as PgliteTransaction, type Results } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './pglite-extensions';

export interface EmbeddedWorkerData {
  /** PGlite's data directory (DATA_DIR/pglite); the main thread holds the DATA_DIR lock. */
  dataPath: string;
}

export type EmbeddedWorkerRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'object' | 'array';
      /**
       * Column types to return as Postgres text: the caller parses them with its own parser
       * functions, which cannot cross a thread (Drizzle keeps timestamps as text and maps them).
       */
      rawTextTypes: number[];
      transactionId?: number;
    }
  | { id: number; op: 'exec'; sql: string; transactionId?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; transactionId: number; outcome: 'commit' | 'rollback' }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'close' };

/** A database error's fields that survive the thread boundary (SQLSTATE code, severity, constraint…). */
export type SerializedDatabaseError = { name: string; message: string } & Record<string, string | number | boolean>;

export type EmbeddedWorkerMessage =
  | { op: 'ready' }
  | { op: 'failed-to-open'; error: SerializedDatabaseError }
  | { op: 'reply'; id: number; value: unknown }
  | { op: 'error'; id: number; error: SerializedDatabaseError }
  | { op: 'notification'; channel: string; payload: string };

/** A query's result as it crosses the thread: rows as PGlite parsed them, and each column's type. */
export type QueryReply = { rows: unknown[]; fields: Results['fields']; affectedRows?: number };

// Parameters and values (`params`, `queryOptions`) are left behind: they may hold user data, and
// functions cannot be cloned.
const FIELDS_LEFT_BEHIND = new Set(['params', 'queryOptions', 'stack']);

function serializeError(error: unknown): SerializedDatabaseError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const serialized: SerializedDatabaseError = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    const isPlain = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    if (isPlain && !FIELDS_LEFT_BEHIND.has(key)) serialized[key] = value;
  }
  return serialized;
}

const keepAsText = (value: string) => value;

interface OpenTransaction {
  tx: PgliteTransaction;
  finish: (outcome: 'commit' | 'rollback') => void;
  done: Promise<unknown>;
}

async function serve(port: NonNullable<typeof parentPort>, { dataPath }: EmbeddedWorkerData): Promise<void> {
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataPath, { extensions: PGLITE_EXTENSIONS });
  } catch (error) {
    port.postMessage({ op: 'failed-to-open', error: serializeError(error) } satisfies EmbeddedWorkerMessage);
    return;
  }
  const db = pglite;
  const transactions = new Map<number, OpenTransaction>();
  const unlisteners = new Map<string, () => Promise<void>>();
  let nextTransactionId = 1;

  const send = (message: EmbeddedWorkerMessage) => port.postMessage(message);

  function executorFor(transactionId: number | undefined): PGlite | PgliteTransaction {
    if (transactionId === undefined) return db;
    const open = transactions.get(transactionId);
    if (!open) throw new Error(`Transaction ${transactionId} is not open.`);
    return open.tx;
  }

  // Resolves once BEGIN has run, with the transaction's id; PGlite's transaction() keeps the
  // transaction mutex until `end` settles it.
  function begin(): Promise<number> {
    return new Promise((resolveBegin, rejectBegin) => {
      const transactionId = nextTransactionId++;
      let isStarted = false;
      const done = db.transaction(async (tx) => {
        isStarted = true;
        const outcome = await new Promise<'commit' | 'rollback'>((finish) => {
          transactions.set(transactionId, { tx, finish, done });
          resolveBegin(transactionId);
        });
        if (outcome === 'rollback') await tx.rollback();
      });
      done.catch((error: unknown) => {
        if (!isStarted) rejectBegin(error);
      });
    });
  }

  async function end(transactionId: number, outcome: 'commit' | 'rollback'): Promise<void> {
    const open = transactions.get(transactionId);
    if (!open) throw new Error(`Transaction ${transactionId} is not open.`);
    transactions.delete(transactionId);
    open.finish(outcome);
    // A failed COMMIT (a deferred constraint) rejects here and reaches the caller.
    await open.done;
  }

  async function handle(request: EmbeddedWorkerRequest): Promise<unknown> {
    switch (request.op) {
      case 'query': {
        const parsers = Object.fromEntries(request.rawTextTypes.map((type) => [type, keepAsText]));
        const result = await executorFor(request.transactionId).query(request.sql, request.params, { rowMode: request.rowMode, parsers });
        return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows } satisfies QueryReply;
      }
      case 'exec': {
        const results = await executorFor(request.transactionId).exec(request.sql);
        return results.map((result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows }) satisfies QueryReply);
      }
      case 'begin':
        return begin();
      case 'end':
        return end(request.transactionId, request.outcome);
      case 'listen': {
        if (!unlisteners.has(request.channel)) {
          const channel = request.channel;
          unlisteners.set(channel, await db.listen(channel, (payload) => send({ op: 'notification', channel, payload })));
        }
        return null;
      }
      case 'unlisten': {
        const unlisten = unlisteners.get(request.channel);
        unlisteners.delete(request.channel);
        await unlisten?.();
        return null;
      }
      case 'close':
        // Flushes PGlite's files; the main thread then ends this thread and releases DATA_DIR.
        await db.close();
        return null;
    }
  }

  port.on('message', (request: EmbeddedWorkerRequest) => {
    handle(request).then(
      (value) => send({ op: 'reply', id: request.id, value }),
      (error: unknown) => send({ op: 'error', id: request.id, error: serializeError(error) }),
    );
  });
  send({ op: 'ready' });
}

if (parentPort) void serve(parentPort, workerData as EmbeddedWorkerData);
