// Starts the embedded database worker from source (tsx, vitest): Node 20 does not apply the
// process's `--import tsx` to a worker thread's imports, so this plain-JavaScript entry registers
// tsx in the thread first, then loads embedded-worker.ts. The built server starts
// dist/server/embedded-worker.js directly.
import { register } from 'tsx/esm/api';

register();
await import('./embedded-worker.ts');
