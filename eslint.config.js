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
    files: ['**/*.{js,cjs,mjs}', '.ci/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [moduleFiles, modulesRootFiles],
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
    files: [schemaFiles],
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
