// Servers for `npm run bench:http`, each in its own process, so the load generator (autocannon, in
// the benchmark's process) never shares an event loop with what it measures. A child's output goes
// to a log file, not through a pipe the benchmark would have to drain while it measures; the last
// lines are shown when the child fails to start.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ChildServer {
  origin: string;
  pid: number;
  /** SIGTERM (the server's graceful shutdown, which also writes a --cpu-prof profile), then SIGKILL after a while. */
  stop(): Promise<void>;
}

export interface ChildServerOptions {
  /** Node's own flags and the entry: e.g. ['--import', 'tsx', 'src/server/main.ts']. */
  args: string[];
  /** Added to this process's environment; PORT is chosen here. */
  env: Record<string, string>;
  /** Polled until it answers 2xx. */
  readyPath: string;
  logPath: string;
  cwd: string;
}

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;

/** A port nobody listens on right now (the child binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('could not find a free port');
  return address.port;
}

const logTail = (logPath: string) => readFileSync(logPath, 'utf8').split('\n').slice(-30).join('\n');

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startChildServer(options: ChildServerOptions): Promise<ChildServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const log = openSync(options.logPath, 'a');
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  closeSync(log); // the child holds its own copy
  const exited = exitOf(child);
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const stop = async () => {
    if (hasExited) return;
    child.kill('SIGTERM');
    const killed = await Promise.race([exited.then(() => false), sleep(STOP_TIMEOUT_MS).then(() => true)]);
    if (killed) {
      child.kill('SIGKILL');
      await exited;
    }
  };

  const deadline = performance.now() + START_TIMEOUT_MS;
  for (;;) {
    if (hasExited) throw new Error(`the server (${options.args.join(' ')}) exited before it was ready:\n${logTail(options.logPath)}`);
    try {
      const response = await fetch(`${origin}${options.readyPath}`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer ${options.readyPath} within ${START_TIMEOUT_MS / 1000} s:\n${logTail(options.logPath)}`);
    }
    await sleep(100);
  }
  return { origin, pid: child.pid!, stop };
}
