// Bundles the server (src/server/main.ts) into dist/server/main.js, and the embedded database's
// worker thread (src/server/db/embedded-worker.ts, ADR 0034) into dist/server/embedded-worker.js
// beside it, where the server looks for it. Dependencies stay external (installed by npm ci); only
// our own TypeScript is compiled.
import path from 'node:path';
import { build } from 'esbuild';

// BUILD_DIR (default: the project root) lets two browser-suite runs on one machine build apart;
// the server finds its client in the dist/ next to it.
const outdir = path.join(process.env.BUILD_DIR ?? '.', 'dist/server');

await build({
  entryPoints: { main: 'src/server/main.ts', 'embedded-worker': 'src/server/db/embedded-worker.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`Built ${path.join(outdir, 'main.js')} and ${path.join(outdir, 'embedded-worker.js')}`);
