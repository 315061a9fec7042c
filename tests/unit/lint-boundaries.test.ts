// The server's boundaries are enforced by the lint (eslint-plugin-boundaries, configured in
// eslint.config.js), not only described: these snippets are linted as if they were files of the
// server, and the ones that cross a boundary must fail `npm run lint` with a sentence saying why.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FEATURES_DIR = path.join(ROOT, 'src/server/features');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The boundary errors of `code` linted as the file at `filePath` (which need not exist). */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result!.messages.filter((message) => message.ruleId === 'boundaries/dependencies').map((message) => message.message);
}

describe('the boundaries lint', { timeout: 120_000 }, () => {
  it('fails a feature that deep-imports another feature, and passes the same import through index.ts', async () => {
    const deep = await boundaryErrors(
      'src/server/features/messaging/lint-fixture.ts',
      "import { areConnected } from '../matching/connections';\nexport const check = areConnected;\n",
    );
    expect(deep).toEqual([expect.stringMatching(/features\/messaging imports the internals of features\/matching .*index\.ts/)]);

    const typeOnly = await boundaryErrors(
      'src/server/features/dashboard/lint-fixture.ts',
      "import type { DataRoomContext } from '../data-room/data-room-context';\nexport type Deps = DataRoomContext;\n",
    );
    expect(typeOnly).toHaveLength(1);

    expect(
      await boundaryErrors(
        'src/server/features/messaging/lint-fixture.ts',
        "import { areConnected } from '../matching';\nexport const check = areConnected;\n",
      ),
    ).toEqual([]);
  });

  it('fails an import that would close a cycle between features, or add an edge the graph does not have', async () => {
    // matching imports profiles (the public cards), so profiles may never import matching.
    const cycle = await boundaryErrors(
      'src/server/features/profiles/lint-fixture.ts',
      "import { areConnected } from '../matching';\nexport const check = areConnected;\n",
    );
    expect(cycle).toEqual([expect.stringMatching(/features\/profiles may not import features\/matching .*cycle/)]);
    expect(
      await boundaryErrors(
        'src/server/features/matching/lint-fixture.ts',
        "import { countSharedDocuments } from '../data-room';\nexport const count = countSharedDocuments;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets http/ import only a feature’s index.ts', async () => {
    const deep = await boundaryErrors(
      'src/server/http/lint-fixture.ts',
      "import { resolveSession } from '../features/auth/session.service';\nexport const resolve = resolveSession;\n",
    );
    expect(deep).toEqual([expect.stringMatching(/http imports the internals of features\/auth .*index\.ts/)]);
    expect(
      await boundaryErrors('src/server/http/lint-fixture.ts', "import { resolveSession } from '../features/auth';\nexport const resolve = resolveSession;\n"),
    ).toEqual([]);
  });

  it('keeps http/ out of services, and lets routes use it', async () => {
    const service = await boundaryErrors(
      'src/server/features/portfolio/portfolio.service.ts',
      "import { defineRoute } from '../../http/route';\nexport const define = defineRoute;\n",
    );
    expect(service).toEqual([expect.stringMatching(/A service never imports http\//)]);
    expect(
      await boundaryErrors(
        'src/server/features/portfolio/portfolio.routes.ts',
        "import { defineRoute } from '../../http/route';\nexport const define = defineRoute;\n",
      ),
    ).toEqual([]);
  });

  it('keeps infrastructure below the features', async () => {
    expect(
      await boundaryErrors('src/server/db/lint-fixture.ts', "import { recordActivity } from '../features/activity';\nexport const record = recordActivity;\n"),
    ).toHaveLength(1);
  });
});

describe('the feature graph', () => {
  it('names every feature folder, each with a public index.ts, and has no cycle', async () => {
    const configUrl = pathToFileURL(path.join(ROOT, 'eslint.config.js')).href;
    const { FEATURE_DEPENDENCIES: graph } = (await import(configUrl)) as { FEATURE_DEPENDENCIES: Record<string, string[]> };

    const folders = readdirSync(FEATURES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(Object.keys(graph).sort()).toEqual(folders.sort());
    for (const feature of folders) expect(existsSync(path.join(FEATURES_DIR, feature, 'index.ts')), `features/${feature}/index.ts`).toBe(true);
    for (const dependencies of Object.values(graph)) for (const dependency of dependencies) expect(folders).toContain(dependency);

    // Depth-first search: reaching a feature that is still on the path means a cycle.
    const state = new Map<string, 'visiting' | 'done'>();
    const cycles: string[] = [];
    const visit = (feature: string, trail: string[]) => {
      if (state.get(feature) === 'done') return;
      if (state.get(feature) === 'visiting') {
        cycles.push([...trail.slice(trail.indexOf(feature)), feature].join(' → '));
        return;
      }
      state.set(feature, 'visiting');
      for (const dependency of graph[feature] ?? []) visit(dependency, [...trail, feature]);
      state.set(feature, 'done');
    };
    for (const feature of Object.keys(graph)) visit(feature, []);
    expect(cycles).toEqual([]);
  });
});
