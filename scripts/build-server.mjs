// Bundles the server (src/server/main.ts) into dist/server/main.js. Dependencies stay external
// (installed by npm ci); only our own TypeScript is compiled.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('Built dist/server/main.js');
