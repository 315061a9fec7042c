import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

const root = path.resolve(import.meta.dirname, 'src/client');
// BUILD_DIR (default: the project root) lets two browser-suite runs on one machine build apart.
const buildRoot = path.resolve(import.meta.dirname, process.env.BUILD_DIR ?? '.');

const clientModule = (relative: string) => path.join(root, relative);
const ENTRY = clientModule('main.tsx');
const ROUTER = clientModule('app/router.tsx');
const AUTH_SCREEN = clientModule('routes/auth.tsx');
/** What a signed-in founder or investor opens first: the frame and the dashboards. */
const FIRST_SIGNED_IN_SCREENS = [clientModule('app/layouts/app-layout.tsx'), clientModule('routes/dashboard.tsx')];

/** What /auth may load on first use: the toast renderer (any answer to a sign-in) and the theme menu. */
const AUTH_ON_FIRST_USE = { toast: clientModule('components/ui/toaster.tsx'), menu: clientModule('components/theme-menu-dropdown.tsx') };

type ChunkGroup = 'auth' | 'ui' | 'toast' | 'menu' | 'app';

/**
 * The packages we import through one index that re-exports every part (`import { Tabs } from
 * 'radix-ui'`, `import { Sun } from 'lucide-react'`). Following all of an index's imports would
 * count every Radix primitive and every icon as used by whoever imports one, so the walk below
 * follows only the parts a module names.
 */
const BARRELS: Record<string, RegExp> = {
  'radix-ui': /[\\/]node_modules[\\/]radix-ui[\\/]dist[\\/]index\.mjs$/,
  'lucide-react': /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/,
  '@tanstack/react-query': /[\\/]node_modules[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]index\.js$/,
  '@tanstack/query-core': /[\\/]node_modules[\\/]@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]index\.js$/,
};

const barrelParts = new Map<string, Map<string, string>>();
/** An index module's exported names → the file of the part each comes from. */
function partsOfBarrel(barrelId: string): Map<string, string> {
  let parts = barrelParts.get(barrelId);
  if (parts) return parts;
  parts = new Map();
  const source = readFileSync(barrelId, 'utf8');
  const resolvePart = (specifier: string) =>
    specifier.startsWith('.') ? path.resolve(path.dirname(barrelId), specifier) : `${path.sep}node_modules${path.sep}${specifier}${path.sep}`;
  for (const [, name, specifier] of source.matchAll(/import \* as (\w+) from ["']([^"']+)["']/g)) parts.set(name!, resolvePart(specifier!));
  for (const [, names, specifier] of source.matchAll(/(?:export|import) \{([^}]*)\} from ["']([^"']+)["']/g))
    for (const [, exported] of names!.matchAll(/(?:\w+ as )?(\w+)/g)) parts.set(exported!, resolvePart(specifier!));
  barrelParts.set(barrelId, parts);
  return parts;
}

/** The names a module imports from a package (`import { A, B as C, type D } from 'pkg'`). */
function namesImportedFrom(file: string, packageName: string): string[] {
  const source = readFileSync(file, 'utf8');
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${packageName}['"]`, 'g');
  return [...source.matchAll(pattern)].flatMap(([, names]) =>
    names!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '))
      .map((name) => name.split(/\s+as\s+/)[0]!),
  );
}

/**
 * Which of our chunk groups a module belongs to, from the module graph (docs/performance.md,
 * "First load"; ADR 0035). Left to itself the bundler splits shared code into a chunk per set of
 * importers: about 70 small files for the dashboard, which a phone on HTTP/1.1 (six connections)
 * fetches in a dozen waves. So, beside the entry (everything it needs, in one file: the `$initial`
 * group below):
 * - `auth`: what only the sign-in screen uses;
 * - `ui`: what the sign-in screen shares with the rest of the app (primitives, icons);
 * - `toast` and `menu`: the toast renderer and the theme menu's dropdown with what they need,
 *   which /auth loads on first use and the signed-in frame shares;
 * - `app`: everything else the signed-in frame and the dashboards use, in one file (the register
 *   form, opened from /auth, loads it too: the new account goes there next).
 * Other screens, and what loads on first use (charts, the document viewers, the register form,
 * the menus' popups), keep the bundler's own chunks. A module this walk misses is only left to the
 * bundler's default, never loaded where it is not needed.
 */
function chunkGroupsOf(getModuleInfo: (id: string) => Rolldown.ModuleInfo | null): Map<string, ChunkGroup> {
  const importsOf = (id: string): string[] =>
    (getModuleInfo(id)?.importedIds ?? []).flatMap((imported) => {
      const barrel = Object.entries(BARRELS).find(([, pattern]) => pattern.test(imported));
      if (!barrel) return [imported];
      const parts = partsOfBarrel(imported);
      const children = getModuleInfo(imported)?.importedIds ?? [];
      return namesImportedFrom(id, barrel[0]).flatMap((name) => {
        const part = parts.get(name);
        return part ? children.filter((child) => child === part || child.includes(part)) : [];
      });
    });
  const closure = (roots: string[], stopAt = new Set<string>()) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id) || stopAt.has(id)) return;
      seen.add(id);
      importsOf(id).forEach(visit);
    };
    roots.forEach(visit);
    return seen;
  };
  const entry = closure([ENTRY]);
  const auth = closure([AUTH_SCREEN], entry);
  // Every module loaded by a dynamic import other than the sign-in screen: screens, the layout,
  // and what loads on first use.
  const dynamicRoots = new Set<string>();
  for (const id of closure([ENTRY, ...(getModuleInfo(ROUTER)?.dynamicallyImportedIds ?? [])]))
    for (const target of getModuleInfo(id)?.dynamicallyImportedIds ?? []) if (target !== AUTH_SCREEN) dynamicRoots.add(target);
  const elsewhere = closure([...dynamicRoots], entry);
  const firstSignedIn = closure(FIRST_SIGNED_IN_SCREENS, entry);
  const groups = new Map<string, ChunkGroup>();
  for (const id of auth) groups.set(id, elsewhere.has(id) ? 'ui' : 'auth');
  for (const [group, file] of Object.entries(AUTH_ON_FIRST_USE) as Array<[ChunkGroup, string]>)
    for (const id of closure([file], entry)) if (!groups.has(id)) groups.set(id, group);
  for (const id of firstSignedIn) if (!groups.has(id)) groups.set(id, 'app');
  return groups;
}

let chunkGroups: Map<string, ChunkGroup> | undefined;

/**
 * The renderer the client ships with: Preact 11 through preact/compat (issue #16; docs/performance.md,
 * "First load"). The source is written, and type-checked, against React 19, but React with
 * react-dom is most of the 90 kB /auth budget, and preact/compat renders the same components for
 * about a sixth of the bytes. Preact 11, like React 19, passes `ref` to function components as a
 * plain prop, which our forwardRef-free components in components/ui and Radix's Slot rely on.
 * CLIENT_RENDERER=react builds with React itself: to measure against it in the same run, or to tell
 * a difference of Preact's from a bug of ours.
 */
const renderer = process.env.CLIENT_RENDERER === 'react' ? 'react' : 'preact';

/** Every specifier our code and our dependencies load React by, mapped to its preact/compat counterpart. */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  // preact/compat's createRoot, with React's order of effects and re-renders (that module says why).
  { find: /^react-dom\/client$/, replacement: clientModule('lib/preact-dom-client.ts') },
  // The compat runtimes load preact/compat before re-exporting preact/jsx-runtime, so its React
  // behaviour (className, onChange, style numbers) applies whichever module the bundle runs first.
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  // recharts flattens fragments among a chart's children with react-is's isFragment, which
  // recognises only React 19's elements; preact/compat's recognises Preact's.
  { find: /^react-is$/, replacement: 'preact/compat' },
];

export default defineConfig({
  root,
  plugins: [
    // Under Preact, plugin-react only sets up the JSX transform (to the react/jsx-runtime aliased
    // below). Its Fast Refresh is left off: the refresh runtime re-renders through react-dom's
    // hook, which Preact never installs, so an edited component would be "accepted" and silently
    // stay stale. Off, an edit to a component reloads the page (CSS still hot-swaps). Preact's own
    // refresh (@preact/preset-vite) was not taken: it runs every module through Babel, and the
    // @prefresh/vite 2.x it depends on predates Vite 8's Rolldown.
    react(renderer === 'preact' ? { refreshExclude: /./ } : {}),
    tailwindcss(),
    // .br and .gz siblings of every text asset, at the highest levels: compressed once here, so the
    // server (http/static-files.ts, preCompressed) sends them with no CPU per request. A sibling
    // that would not be smaller is skipped, and the server then sends the file itself.
    compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: root },
      { find: '@shared', replacement: path.resolve(import.meta.dirname, 'src/shared') },
      ...(renderer === 'preact' ? preactAliases : []),
    ],
  },
  build: {
    outDir: path.join(buildRoot, 'dist/client'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry needs, in the entry's own file.
            { name: 'index', tags: ['$initial'], priority: 2 },
            {
              debugName: 'first-load groups',
              name: (id, context) => {
                chunkGroups ??= chunkGroupsOf((moduleId) => context.getModuleInfo(moduleId));
                return chunkGroups.get(id) ?? null;
              },
              priority: 1,
              // Only the modules named: by default a group also takes in everything they import.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    // `npm run dev` runs the API on API_PORT; the browser only talks to this origin.
    proxy: { '/api': { target: `http://localhost:${process.env.API_PORT ?? 5001}`, changeOrigin: false } },
  },
});
