// One service signature (issue #13; docs/architecture.md, "Service context"): every exported
// function of a feature's services takes a context first and at most one input after it, and
// nothing in a feature reads the time except through that context's clock. Read with the
// TypeScript compiler's parser, so comments and strings never count.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FEATURES_DIR = path.join(ROOT, 'src/server/features');
/** The matching engine is pure computation with no context to take: its own rules apply there. */
const ENGINE_DIR = path.join(FEATURES_DIR, 'matching', 'engine');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === ENGINE_DIR ? [] : tsFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const isServiceModule = (file: string) => file.endsWith('.service.ts') || path.basename(file) === 'connections.ts';

const parse = (file: string, text: string) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

/** Exported functions: `export function f(…)` and `export const f = (…) => …` / `function (…) {…}`. */
function exportedFunctions(source: ts.SourceFile): Array<{ name: string; parameters: readonly ts.ParameterDeclaration[] }> {
  const found: Array<{ name: string; parameters: readonly ts.ParameterDeclaration[] }> = [];
  for (const statement of source.statements) {
    if (!isExported(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) found.push({ name: statement.name.text, parameters: statement.parameters });
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const value = declaration.initializer;
        if (value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) && ts.isIdentifier(declaration.name))
          found.push({ name: declaration.name.text, parameters: value.parameters });
      }
    }
  }
  return found;
}

/** The name a parameter's type is declared with (`ServiceContext<Actor | null>` → ServiceContext), or null when it has none. */
function declaredTypeName(parameter: ts.ParameterDeclaration): string | null {
  const type = parameter.type;
  if (!type || !ts.isTypeReferenceNode(type)) return null;
  return ts.isIdentifier(type.typeName) ? type.typeName.text : type.typeName.right.text;
}

/** Why each exported function of a service module breaks the `(ctx, input?)` shape. */
function signatureOffences(file: string, text: string): string[] {
  return exportedFunctions(parse(file, text)).flatMap(({ name, parameters }) => {
    const offences: string[] = [];
    if (parameters.length > 2) offences.push(`${name} takes ${parameters.length} parameters (a context and one input at most)`);
    const first = parameters[0] ? declaredTypeName(parameters[0]) : null;
    if (!first?.endsWith('Context')) offences.push(`${name}'s first parameter is ${first ?? 'missing or not a named type'}, not a …Context`);
    return offences;
  });
}

/** Every place a file reads the time itself: `Date.now()`, and `new Date()` without arguments. */
function clockReads(file: string, text: string): string[] {
  const source = parse(file, text);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const isDate = (expression: ts.Expression) => ts.isIdentifier(expression) && expression.text === 'Date';
    if (ts.isNewExpression(node) && isDate(node.expression) && (node.arguments?.length ?? 0) === 0)
      found.push(`new Date() at line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      isDate(node.expression.expression) &&
      node.expression.name.text === 'now'
    ) {
      found.push(`Date.now() at line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the checks themselves', () => {
  const example = [
    "import type { ServiceContext, SystemContext } from '../../service-context';",
    'export async function good(ctx: ServiceContext, input: { id: number }) { return input.id; }',
    'export async function sweep(ctx: SystemContext) {}',
    'export async function listThings(db: AppDatabase, actor: Actor) {}',
    'export async function tooMany(ctx: ServiceContext, id: number, body: object) {}',
    'export const arrow = (user: { id: number }) => user.id;',
    'export function noParameters() { return 1; }',
    'function internal(db: AppDatabase, a: number, b: number, c: number) { return new Date(); }',
    'const stamp = Date.now();',
    '// new Date() in a comment is not a clock read, nor is new Date(0) or Date.parse(text).',
    'const fixed = new Date(0);',
  ].join('\n');

  it('names every exported function that is not (ctx, input?)', () => {
    expect(signatureOffences('example.service.ts', example)).toEqual([
      "listThings's first parameter is AppDatabase, not a …Context",
      'tooMany takes 3 parameters (a context and one input at most)',
      "arrow's first parameter is missing or not a named type, not a …Context",
      "noParameters's first parameter is missing or not a named type, not a …Context",
    ]);
  });

  it('finds every read of the wall clock, and nothing else', () => {
    expect(clockReads('example.ts', example)).toEqual(['new Date() at line 8', 'Date.now() at line 9']);
  });
});

describe('feature services', () => {
  const files = tsFiles(FEATURES_DIR);

  it('take a context first and at most one input', () => {
    const services = files.filter(isServiceModule);
    expect(services.length).toBeGreaterThan(10);
    const offences = services.flatMap((file) =>
      signatureOffences(file, readFileSync(file, 'utf8')).map((offence) => `${path.relative(ROOT, file)}: ${offence}`),
    );
    expect(offences).toEqual([]);
  });

  it('read "now" only from the context clock', () => {
    const offences = files.flatMap((file) => clockReads(file, readFileSync(file, 'utf8')).map((read) => `${path.relative(ROOT, file)}: ${read}`));
    expect(offences).toEqual([]);
  });
});
