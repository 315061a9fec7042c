// Bundles the server (src/server/main.ts) into dist/server/main.js. Dependencies stay external
// (installed by npm ci); only our own TypeScript is compiled.
import path from 'node:path';
import { build } from 'esbuild';

// BUILD_DIR (default: the project root) lets two browser-suite runs on one machine build apart;
// the server finds its client in the dist/ next to it.
const outfile = path.join(process.env.BUILD_DIR ?? '.', 'dist/server/main.js');

await build({
  entryPoints: ['src/server/main.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`Built ${outfile}`);
