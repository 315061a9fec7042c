// Production code never depends on test code: no file under src/ imports from tests/, so nothing
// of the tests ships in dist/. (Tests may import src; the demo builders they share with the seed
// live in src/server/demo/.) Feature boundaries are checked by the lint: see lint-boundaries.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TESTS_DIR = path.join(ROOT, 'tests');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|cts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** The module specifiers a file imports (static, dynamic, `export … from`), resolved when relative. */
function importsOf(file: string, text: string): Array<{ specifier: string; resolved: string | null }> {
  return ts.preProcessFile(text, true, true).importedFiles.map(({ fileName }) => ({
    specifier: fileName,
    resolved: fileName.startsWith('.') ? path.resolve(path.dirname(file), fileName) : null,
  }));
}

const reachesTests = (resolved: string | null) => resolved !== null && (resolved === TESTS_DIR || resolved.startsWith(TESTS_DIR + path.sep));

describe('src/ never imports tests/', () => {
  it('finds imports of tests/ in every form (the check itself works)', () => {
    const file = path.join(ROOT, 'src/server/demo/example.ts');
    const text = [
      "import { buildRegistration } from '../../../tests/factories';",
      "export { TEST_PASSWORD } from '../../../tests/factories';",
      "const helpers = await import('../../../tests/support/test-app');",
      "import { users } from '../db/schema';",
    ].join('\n');
    expect(
      importsOf(file, text)
        .filter((entry) => reachesTests(entry.resolved))
        .map((entry) => entry.specifier),
    ).toEqual(['../../../tests/factories', '../../../tests/factories', '../../../tests/support/test-app']);
  });

  it('holds for every file under src/', () => {
    const files = sourceFiles(path.join(ROOT, 'src'));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) =>
      importsOf(file, readFileSync(file, 'utf8'))
        .filter((entry) => reachesTests(entry.resolved))
        .map((entry) => `${path.relative(ROOT, file)} imports ${entry.specifier}`),
    );
    expect(offenders).toEqual([]);
  });
});
