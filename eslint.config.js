// Lint rules: TypeScript's recommended set, React hooks, security plugins, and the project's own
// boundaries (no dangerouslySetInnerHTML; server and client never import each other; the server's
// layers and features depend on each other only as docs/architecture.md draws it).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import security from 'eslint-plugin-security';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/**
 * Which features each server feature may import, always through the other feature's index.ts.
 * The graph has no cycles (tests/unit/lint-boundaries.test.ts checks), so an import that would
 * close one is a lint error. A new edge is a design decision: add it here and to the diagram in
 * docs/architecture.md.
 */
export const FEATURE_DEPENDENCIES = {
  activity: [],
  analytics: [],
  // matching: the data export shows a queued request as matching shows it (isQueuedRequestFor).
  auth: ['activity', 'matching', 'security'],
  dashboard: ['data-room', 'matching', 'messaging', 'portfolio'],
  // The directory: a read model over profiles (ADR 0025) that scores and connects through matching.
  discovery: ['matching', 'notifications', 'profiles', 'search'],
  // auth: secure links hash their passwords with the app's hasher, and claim a visitor's history when their address is verified.
  'data-room': ['activity', 'auth', 'matching', 'notifications', 'security'],
  // track-record: investors' past deals, read as revealed preferences (docs/matching.md §2b).
  matching: ['activity', 'notifications', 'profiles', 'security', 'track-record'],
  messaging: ['activity', 'matching', 'notifications'],
  milestones: ['activity', 'matching', 'notifications'],
  notifications: [],
  portfolio: ['analytics', 'matching'],
  profiles: ['activity'],
  safety: ['matching', 'security'],
  // A read model (ADR 0025, like analytics): it reads the tables it searches and imports no feature.
  search: [],
  security: [],
  // Below matching (which reads track records as revealed preferences): it imports no feature.
  'track-record': [],
};

const featureIndex = (names) => ({ element: { type: 'feature', captured: { feature: names }, fileInternalPath: 'index.ts' } });
const ofType = (types) => ({ element: { types } });
const featureRoutes = { element: { type: 'feature', fileInternalPath: '*.routes.ts' } };
/** A feature's HTTP side: its routes, and the data room's multipart reader (it reads the Fastify request). */
const HTTP_FACING = ['*.routes.ts', 'upload-receiver.ts'];
/** Composition roots and command-line entries: they wire everything together. */
const entry = { file: { categories: 'entry' } };
/** app-error.ts, actor.ts, env.ts, logging.ts: what every layer may use. */
const core = { element: { type: 'server', fileInternalPath: '!{app,app-context,app-jobs,main}.ts' } };
/** The context services receive (app-context.ts): it names each feature's extra collaborators. */
const appContext = { element: { type: 'server', fileInternalPath: 'app-context.ts' } };

/** The server's layers (src/server), and who may import whom. Imports inside one element are free. */
const serverBoundaries = {
  files: ['src/server/**/*.ts'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    // Full paths from the project root; a file belongs to the first descriptor that matches it.
    'boundaries/elements': [
      { type: 'feature', pattern: 'src/server/features/*', capture: ['feature'], partialMatch: false },
      { type: 'http', pattern: 'src/server/http', partialMatch: false },
      { type: 'realtime', pattern: 'src/server/realtime', partialMatch: false },
      { type: 'infrastructure', pattern: 'src/server/{db,jobs,storage}', partialMatch: false },
      { type: 'demo', pattern: 'src/server/demo', partialMatch: false },
      { type: 'server', pattern: 'src/server', partialMatch: false },
      { type: 'shared', pattern: 'src/shared', partialMatch: false },
    ],
    'boundaries/files': [{ category: 'entry', pattern: ['src/server/{app,app-jobs,main}.ts', 'src/server/*/*-cli.ts'] }],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        message: '{{from.element.type}} may not import {{to.element.type}} ({{dependency.source}}): see the dependency graph in docs/architecture.md.',
        // The last policy that matches decides.
        policies: [
          { allow: { to: [ofType('shared'), core] } },
          { from: ofType(['server', 'realtime']), allow: { to: ofType('http') } },
          { from: ofType(['infrastructure', 'realtime', 'http', 'feature', 'demo', 'server']), allow: { to: ofType('infrastructure') } },
          { from: ofType(['feature', 'demo', 'server']), allow: { to: ofType('realtime') } },
          { from: [ofType(['http', 'realtime', 'demo']), entry], allow: { to: featureIndex('*') } },
          { from: ofType('demo'), allow: { to: entry } },
          { from: appContext, allow: { to: featureIndex('*') } },
          { from: [ofType(['http', 'demo']), entry], allow: { to: appContext } },
          { from: entry, allow: { to: [ofType(['http', 'demo']), entry, featureRoutes] } },
          // Only a feature's routes use the HTTP glue; its services know nothing of the web.
          { from: { element: { type: 'feature', fileInternalPath: HTTP_FACING } }, allow: { to: ofType('http') } },
          {
            from: { element: { type: 'feature', fileInternalPath: `!{${HTTP_FACING.join(',')}}` } },
            disallow: { to: ofType('http') },
            message:
              'A service never imports http/ ({{dependency.source}}): take the Actor from src/server/actor.ts and throw AppError from src/server/app-error.ts.',
          },
          ...Object.entries(FEATURE_DEPENDENCIES).map(([feature, dependencies]) => ({
            from: { element: { type: 'feature', captured: { feature } } },
            ...(dependencies.length > 0 ? { allow: { to: featureIndex(dependencies) } } : {}),
            disallow: { to: featureIndex(`!(${[feature, ...dependencies].join('|')})`) },
            message: `features/${feature} may not import features/{{to.element.captured.feature}} ({{dependency.source}}): its allowed dependencies are ${dependencies.join(', ') || 'none'} (FEATURE_DEPENDENCIES in eslint.config.js), so features never form a cycle.`,
          })),
          {
            from: ofType('feature'),
            disallow: { to: { element: { type: 'feature', captured: { feature: '!{{from.element.captured.feature}}' }, fileInternalPath: '!index.ts' } } },
            message:
              'features/{{from.element.captured.feature}} imports the internals of features/{{to.element.captured.feature}} ({{dependency.source}}): import its public index.ts instead.',
          },
          {
            from: ofType(['http', 'realtime', 'demo']),
            disallow: { to: { element: { type: 'feature', fileInternalPath: '!index.ts' } } },
            message:
              '{{from.element.type}} imports the internals of features/{{to.element.captured.feature}} ({{dependency.source}}): import its public index.ts instead.',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'drizzle/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    plugins: { security },
    rules: {
      'security/detect-eval-with-expression': 'error',
      'security/detect-child-process': 'error',
      'security/detect-unsafe-regex': 'error',
      'security/detect-buffer-noassert': 'error',
      'security/detect-pseudoRandomBytes': 'error',
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/client/**', '@/*'], message: 'The server never imports client code.' }] }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Never inject raw HTML: React escaping is our XSS defence.' },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The client talks to the server through src/shared contracts only.' }] },
      ],
    },
  },
  serverBoundaries,
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/client/**', 'react', 'node:*'], message: 'src/shared is universal code: zod only.' }] },
      ],
    },
  },
);
