import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/*
 * Server module walls: code outside modules/<area>/ reaches a module only through its face,
 * modules/<area>/index.js; its other files (tables, repository, services) are private. Tests under
 * apps/server/test may reach inside.
 */
const FACE_MESSAGE =
  'Import another server module through its face, modules/<area>/index.js: its other files (tables, repository, internals) are private to it.';
const throughModulesDir = { regex: '(^|/)modules/[^/]+/(?!index\\.js$).+', message: FACE_MESSAGE };
const moduleFiles = 'apps/server/src/modules/*/**/*.ts';
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
);
