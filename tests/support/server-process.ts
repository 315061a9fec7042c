// Runs the real server entry (src/server/main.ts) as a child process, as `npm start` would, so
// tests can send it signals, kill it, and start it again on the same data directory.
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: '0', SEED_DEMO: 'false', NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /VentureMatch is running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`the server exited (${code}) before it was ready:\n${output}`)));
  });
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
}
