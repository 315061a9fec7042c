// Serves the built client (dist/client): the hashed assets under /assets/ and the app shell
// (index.html). The build writes a .br and a .gz sibling next to each text file (vite.config.ts),
// and the file route sends the one the browser's Accept-Encoding prefers, with no compression work
// per request. Paths that are not files fall through to the SPA fallback in error-handler.ts.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export const ASSETS_PATH_PREFIX = '/assets/';

// A hashed file name changes whenever its content does, so browsers may keep it for a year
// without asking again; the shell is revalidated each time, so it always names the current assets.
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const SHELL_CACHE_CONTROL = 'no-cache';

export async function registerStaticFiles(app: FastifyInstance, clientDir: string): Promise<void> {
  const assetsDir = path.join(path.resolve(clientDir), 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: clientDir,
    // One route per file found at start-up (a running server's build does not change), so any
    // other path reaches the not-found handler: the SPA fallback, or the 404 below.
    wildcard: false,
    index: false,
    preCompressed: true,
    // The siblings are representations of their file's URL, chosen by Accept-Encoding; they get
    // no URL of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    // Called with the file actually sent, which may be the .br or .gz sibling.
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', filePath.startsWith(assetsDir) ? IMMUTABLE_CACHE_CONTROL : SHELL_CACHE_CONTROL);
    },
  });

  app.get('/', (_request, reply) => reply.header('Cache-Control', SHELL_CACHE_CONTROL).type('text/html').sendFile('index.html'));

  // An asset this build does not have (a tab still open on the previous release asking for its old
  // chunk) is a 404 the client's lazy import can fail on, never the HTML shell: the browser would
  // try to run the shell as a script.
  app.get(`${ASSETS_PATH_PREFIX}*`, (_request, reply) => reply.code(404).header('Cache-Control', 'no-store').send({ message: 'Not found.' }));
}
