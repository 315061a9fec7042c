// `npm test`'s static checks: the type check, lint and the format check run side by side (each is
// single-threaded, and CI machines have two cores), each one's output printed whole when it ends,
// so nothing interleaves. Exits non-zero if any fails.
import { spawn } from 'node:child_process';

const checks = [
  ['typecheck', 'tsc', ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'eslint', ['.']],
  ['format', 'prettier', ['--check', '.']],
];

const results = await Promise.all(
  checks.map(
    ([name, command, args]) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn('npx', ['--no-install', command, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(`\n--- ${name} (${command}): ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n${output}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
