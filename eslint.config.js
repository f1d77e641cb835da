import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/*
 * Server module walls: code outside modules/<area>/ reaches a module only through its face,
 * modules/<area>/index.js; its other files (tables, repository, services) are private. One
 * exception: a table file may import another module's table file for a foreign key. Tests under
 * apps/server/test may reach inside.
 */
const FACE_MESSAGE =
  'Import another server module through its face, modules/<area>/index.js: its other files (tables, repository, internals) are private to it.';
const SCHEMA_MESSAGE =
  'A table file imports other modules only for foreign keys, from their table files (<area>.schema.js).';
const throughModulesDir = { regex: '(^|/)modules/[^/]+/(?!index\\.js$).+', message: FACE_MESSAGE };
const moduleFiles = 'apps/server/src/modules/*/**/*.ts';
const schemaFiles = 'apps/server/src/modules/*/*.schema.ts';
const modulesRootFiles = 'apps/server/src/modules/*.ts';
/** Every table in one list, for the schema-drift check and drizzle-kit: it imports table files only. */
const tablesAggregate = 'apps/server/src/platform/db/tables.ts';

/**
 * Web feature walls. A file under `features/<area>/` may import its own area, `lib/`, `components/`,
 * `testing/` (in tests), packages, and another area only through its index (`../<other>`). It may not
 * reach into another area's files, nor into `pages/`, which compose features, nor into `app/`, the
 * shell that composes them all. A relative path means a different folder at each depth, so the
 * patterns are built per depth below `features/<area>/`.
 *
 * Imports run one way, shell → features → lib: `lib/` (the server API, store, hooks, errors, token
 * store, the UI state and the sign-in gates) imports no `app/`, `features/` or `pages/`; `app/`
 * imports a feature through its index, or a lazy `import()` of one of its pages or parts.
 */
const webTests = ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/testing/**'];

/** Requests are built from the endpoints in @atelier/shared, never from a path written here. */
const apiPathRules = [
  {
    selector: 'Literal[value=/\\/api\\/v1/], TemplateElement[value.raw=/\\/api\\/v1/]',
    message: 'Build API URLs from the endpoints in @atelier/shared: call(endpoint) or API_BASE + pathOf(endpoint).',
  },
  {
    selector: "CallExpression[callee.property.name=/^(query|mutation)$/] Property[key.name='url']",
    message: 'Build requests with call(endpoint) from lib/api: the endpoint lives in @atelier/shared.',
  },
  {
    selector:
      "CallExpression[callee.property.name=/^(query|mutation)$/] Property[key.name='query'] > ArrowFunctionExpression > :matches(Literal, TemplateLiteral).body",
    message: 'Build requests with call(endpoint) from lib/api: the endpoint lives in @atelier/shared.',
  },
];

const APP_MESSAGE =
  'A feature never imports `app/` (the shell, which imports features): take it from `lib/` or `components/`.';
const PAGE_MESSAGE =
  'A page never imports `app/` (the shell, which imports pages): take it from `lib/`, `components/` or a feature.';
const LIB_MESSAGE =
  '`lib/` sits below the shell and the features: it imports no `app/`, `features/` or `pages/`. Invert the dependency (an action or type declared in lib that the feature handles).';
const SHELL_MESSAGE =
  '`app/` reaches a feature through its index (`../features/<area>`), or lazily with import() for a page or part of its own chunk.';

/** `import('…')` with a literal path matching `regex`. */
const dynamicImportOf = (regex, message) => ({
  selector: `ImportExpression > Literal.source[value=/${regex.replaceAll('/', '\\/')}/]`,
  message,
});

const libUpward = '^(\\.\\./)+(app|features|pages)(/|$)';
const libWalls = {
  files: ['apps/web/src/lib/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ regex: libUpward, message: LIB_MESSAGE }] }],
    'no-restricted-syntax': ['error', dynamicImportOf(libUpward, LIB_MESSAGE), ...apiPathRules],
  },
};
const libTestWalls = {
  files: ['apps/web/src/lib/**/*.test.{ts,tsx}'],
  rules: { 'no-restricted-syntax': ['error', dynamicImportOf(libUpward, LIB_MESSAGE)] },
};

/** Pages compose features below the shell: they import no `app/` (the shell imports them). */
const pageWalls = {
  files: ['apps/web/src/pages/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+app(/|$)', message: PAGE_MESSAGE }] }],
  },
};

/** The shell: a static import of a feature names its index; a lazy one may name a page or part. */
const shellWalls = [1, 2].map((depth) => ({
  files: [`apps/web/src/app/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [{ regex: `^${'\\.\\./'.repeat(depth)}features/[^/]+/(?!index$).+`, message: SHELL_MESSAGE }],
      },
    ],
  },
}));

const featureWalls = [1, 2, 3, 4].flatMap((depth) => {
  const up = '\\.\\./'.repeat(depth);
  const deepIntoOtherFeature = `^${up}[^./][^/]*/(?!index$).+`;
  const intoPages = `^${up}\\.\\./pages(/|$)`;
  const intoApp = `^${up}\\.\\./app(/|$)`;
  const message =
    'A feature reaches another feature only through its index (`../<other>`), and never `pages/`; move shared parts to `components/` or `lib/`.';
  const folder = `apps/web/src/features/*/${'*/'.repeat(depth - 1)}`;
  const files = [`${folder}*.{ts,tsx}`];
  const dynamicImports = [
    ...[deepIntoOtherFeature, intoPages].map((regex) => dynamicImportOf(regex, message)),
    dynamicImportOf(intoApp, APP_MESSAGE),
  ];
  return [
    {
      files,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { regex: deepIntoOtherFeature, message },
              { regex: intoPages, message },
              { regex: intoApp, message: APP_MESSAGE },
            ],
          },
        ],
        'no-restricted-syntax': ['error', ...dynamicImports, ...apiPathRules],
      },
    },
    // Tests keep the walls but may spell paths: a mock server answers them.
    { files: [`${folder}*.test.{ts,tsx}`], rules: { 'no-restricted-syntax': ['error', ...dynamicImports] } },
  ];
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['warn', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Every request is built from its endpoint in @atelier/shared (`call()` in lib/api.ts), where
    // the server registers the same route: the web spells no API path of its own.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: webTests,
    rules: { 'no-restricted-syntax': ['error', ...apiPathRules] },
  },
  // After the block above: a file matched by both keeps only the later rule's options, so the
  // feature blocks repeat the API-path rules for the files they cover.
  ...featureWalls,
  libWalls,
  pageWalls,
  libTestWalls,
  ...shellWalls,
  {
    files: ['**/*.{js,cjs,mjs}', '.ci/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [moduleFiles, modulesRootFiles, tablesAggregate],
    rules: { 'no-restricted-imports': ['error', { patterns: [throughModulesDir] }] },
  },
  {
    // From inside one module, a sibling module is `../<area>/…`.
    files: [moduleFiles],
    ignores: [schemaFiles],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            throughModulesDir,
            { regex: '^\\.\\./(?!\\.\\.?/)[^/]+/(?!index\\.js$).+', message: FACE_MESSAGE },
          ],
        },
      ],
    },
  },
  {
    // modules/*.ts (the account-deletion list) sits beside the modules: `./<area>/…`.
    files: [modulesRootFiles],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [throughModulesDir, { regex: '^\\./[^/]+/(?!index\\.js$).+', message: FACE_MESSAGE }] },
      ],
    },
  },
  {
    // A table may name another module's table in a foreign key: table files import only table
    // files, so they load first and never wait on a module's face (faces import one another).
    files: [schemaFiles, tablesAggregate],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)modules/[^/]+/(?![^/]+\\.schema\\.js$).+', message: SCHEMA_MESSAGE },
            { regex: '^\\.\\./(?!\\.\\.?/)[^/]+/(?![^/]+\\.schema\\.js$).+', message: SCHEMA_MESSAGE },
          ],
        },
      ],
    },
  },
);
