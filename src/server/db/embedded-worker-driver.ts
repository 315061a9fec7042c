// The main thread's end of the embedded database worker (embedded-worker.ts): a client with the
// part of PGlite's interface that Drizzle's `drizzle-orm/pglite` driver calls (`query` with a row
// mode and parsers, `transaction`), plus `exec`, `listen` for the live event hub, and `close`.
//
// Rows come back as PGlite parsed them in the worker (int4 → numbers, int8 → BigInt, timestamps →
// Date), cloned across the thread; json and jsonb are parsed here (see JSON_TYPE). The caller's own
// parsers are functions and cannot cross: their column types travel as text and the parsers run
// here, so Drizzle sees exactly what an in-process PGlite would give it.
import { Worker } from 'node:worker_threads';
import type { ParserOptions, QueryOptions, Results } from '@electric-sql/pglite';
import type { EmbeddedWorkerData, EmbeddedWorkerMessage, EmbeddedWorkerRequest, QueryReply, SerializedDatabaseError } from './embedded-worker';

type RequestWithoutId = EmbeddedWorkerRequest extends infer Request ? (Request extends EmbeddedWorkerRequest ? Omit<Request, 'id'> : never) : never;

// json and jsonb travel as text and are parsed here, with JSON.parse as PGlite would: a string
// crosses the thread as one copy, an object graph as a walk on each side (the match lists'
// explanations are the largest values we read), and the worker is the busier thread.
const JSON_TYPE = 114;
const JSONB_TYPE = 3802;
const parseJson = (text: string): unknown => JSON.parse(text);

/** SQLSTATE 08006 (connection failure): requests answer 503 (database-errors.ts), as when PostgreSQL is down. */
const THREAD_GONE_CODE = '08006';

/** A database error from the worker, with its SQLSTATE `code`, `severity`, `constraint`… as PGlite raised it. */
function toError(serialized: SerializedDatabaseError): Error {
  const { name, message, ...fields } = serialized;
  const error = new Error(message);
  error.name = name;
  return Object.assign(error, fields);
}

function threadGone(reason: string): Error {
  return Object.assign(new Error(`The embedded database thread stopped: ${reason}`), { code: THREAD_GONE_CODE });
}

/**
 * The worker's entry: the bundle's dist/server/embedded-worker.js next to dist/server/main.js, or,
 * from source (tsx, vitest), a small script that loads embedded-worker.ts through tsx.
 */
function workerEntry(): { url: URL; execArgv?: string[] } {
  const isSource = import.meta.url.endsWith('.ts');
  if (!isSource) return { url: new URL('./embedded-worker.js', import.meta.url) };
  // Without the process's own flags: the script registers tsx itself.
  return { url: new URL('./embedded-worker-from-source.mjs', import.meta.url), execArgv: [] };
}

type QueryExecutor = {
  query<Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<Row>>;
  exec(sql: string): Promise<Array<Results>>;
};

export interface EmbeddedWorkerTransaction extends QueryExecutor {
  /** Rolls back now; the transaction's function still has to return or throw. */
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export class EmbeddedWorkerClient implements QueryExecutor {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #stoppedBecause: Error | null = null;
  #exited: Promise<void>;

  private constructor(worker: Worker, onUnexpectedStop: (error: Error) => void) {
    this.#worker = worker;
    this.#exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (message: EmbeddedWorkerMessage) => this.#receive(message));
    worker.on('error', (error) => {
      this.#stop(threadGone(error.message));
      onUnexpectedStop(error);
    });
    worker.on('exit', (exitCode) => {
      if (this.#stoppedBecause) return;
      const error = threadGone(`exit code ${exitCode}`);
      this.#stop(error);
      onUnexpectedStop(error);
    });
  }

  /** Starts the worker and opens PGlite on dataPath in it; resolves when it can take queries. */
  static async start(dataPath: string, onUnexpectedStop: (error: Error) => void = () => {}): Promise<EmbeddedWorkerClient> {
    const { url, execArgv } = workerEntry();
    const worker = new Worker(url, { execArgv, workerData: { dataPath } satisfies EmbeddedWorkerData });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: EmbeddedWorkerMessage) => {
        if (message.op !== 'ready' && message.op !== 'failed-to-open') return;
        cleanUp();
        if (message.op === 'ready') resolve();
        else void worker.terminate().finally(() => reject(toError(message.error)));
      };
      const onError = (error: Error) => {
        cleanUp();
        reject(error);
      };
      const onExit = (exitCode: number) => {
        cleanUp();
        reject(threadGone(`exit code ${exitCode} while opening ${dataPath}`));
      };
      const cleanUp = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
    });
    return new EmbeddedWorkerClient(worker, onUnexpectedStop);
  }

  #receive(message: EmbeddedWorkerMessage): void {
    if (message.op === 'notification') {
      for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload);
      return;
    }
    if (message.op !== 'reply' && message.op !== 'error') return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (message.op === 'reply') pending.resolve(message.value);
    else pending.reject(toError(message.error));
  }

  #stop(reason: Error): void {
    this.#stoppedBecause ??= reason;
    for (const pending of this.#pending.values()) pending.reject(reason);
    this.#pending.clear();
  }

  #request<Value>(request: RequestWithoutId): Promise<Value> {
    if (this.#stoppedBecause) return Promise.reject(this.#stoppedBecause);
    const id = this.#nextId++;
    return new Promise<Value>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id } as EmbeddedWorkerRequest);
    });
  }

  async #query<Row>(transactionId: number | undefined, sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<Row>> {
    const parsers: ParserOptions = { [JSON_TYPE]: parseJson, [JSONB_TYPE]: parseJson, ...options.parsers };
    const rawTextTypes = Object.keys(parsers).map(Number);
    const rowMode = options.rowMode ?? 'object';
    const reply = await this.#request<QueryReply>({ op: 'query', sql, params, rowMode, rawTextTypes, transactionId });
    applyParsers(reply, parsers, rowMode);
    return reply as unknown as Results<Row>;
  }

  query<Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<Row>> {
    return this.#query<Row>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Array<Results>> {
    return this.#request({ op: 'exec', sql });
  }

  /**
   * Runs fn in one transaction on the worker: commits when it returns, rolls back when it throws.
   * Until then the worker holds PGlite's transaction lock, so other queries wait their turn.
   */
  async transaction<Result>(fn: (tx: EmbeddedWorkerTransaction) => Promise<Result>): Promise<Result> {
    const transactionId = await this.#request<number>({ op: 'begin' });
    let isClosed = false;
    const ensureOpen = () => {
      if (isClosed) throw new Error('Transaction is closed');
    };
    const tx: EmbeddedWorkerTransaction = {
      query: (sql, params, options) => (ensureOpen(), this.#query(transactionId, sql, params, options)),
      exec: (sql) => (ensureOpen(), this.#request({ op: 'exec', sql, transactionId })),
      rollback: async () => {
        ensureOpen();
        isClosed = true;
        await this.#request({ op: 'end', transactionId, outcome: 'rollback' });
      },
      get closed() {
        return isClosed;
      },
    };
    let result: Result;
    try {
      result = await fn(tx);
    } catch (error) {
      if (!isClosed) {
        isClosed = true;
        // The function's error is the one worth reporting; a failed ROLLBACK (the thread gone)
        // leaves nothing committed either.
        await this.#request({ op: 'end', transactionId, outcome: 'rollback' }).catch(() => {});
      }
      throw error;
    }
    if (!isClosed) {
      isClosed = true;
      await this.#request({ op: 'end', transactionId, outcome: 'commit' });
    }
    return result;
  }

  /** Calls onPayload for each NOTIFY on channel; the returned function stops it. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const listeners = this.#listeners.get(channel) ?? new Set();
    this.#listeners.set(channel, listeners);
    listeners.add(onPayload);
    if (listeners.size === 1) await this.#request({ op: 'listen', channel });
    return async () => {
      listeners.delete(onPayload);
      if (listeners.size > 0 || this.#listeners.get(channel) !== listeners) return;
      this.#listeners.delete(channel);
      if (!this.#stoppedBecause) await this.#request({ op: 'unlisten', channel });
    };
  }

  /** Closes PGlite (flushing its files) and ends the thread. Safe to call twice. */
  async close(): Promise<void> {
    if (!this.#stoppedBecause) {
      try {
        await this.#request({ op: 'close' });
      } finally {
        this.#stop(threadGone('closed'));
        await this.#worker.terminate();
      }
    }
    await this.#exited;
  }
}

/** Runs the caller's parsers over the columns that the worker returned as text. */
function applyParsers(reply: QueryReply, parsers: ParserOptions, rowMode: 'object' | 'array'): void {
  reply.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    for (const row of reply.rows as Array<Record<string, unknown> | unknown[]>) {
      const key = rowMode === 'array' ? index : field.name;
      const record = row as Record<string | number, unknown>;
      const value = record[key];
      if (typeof value === 'string') record[key] = parse(value);
    }
  });
}
