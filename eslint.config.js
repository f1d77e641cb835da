import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Web feature walls. A file under `features/<area>/` may import its own area, `components/`, `app/`,
 * `testing/` (in tests), packages, and another area only through its index (`../<other>`). It may not
 * reach into another area's files, nor into `pages/`, which compose features. A relative path means a
 * different folder at each depth, so the patterns are built per depth below `features/<area>/`.
 */
const featureWalls = [1, 2, 3, 4].map((depth) => {
  const up = '\\.\\./'.repeat(depth);
  const deepIntoOtherFeature = `^${up}[^./][^/]*/(?!index$).+`;
  const intoPages = `^${up}\\.\\./pages(/|$)`;
  const message =
    'A feature reaches another feature only through its index (`../<other>`), and never `pages/`; move shared parts to `components/` or `app/`.';
  return {
    files: [`apps/web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: deepIntoOtherFeature, message },
            { regex: intoPages, message },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...[deepIntoOtherFeature, intoPages].map((regex) => ({
          selector: `ImportExpression > Literal.source[value=/${regex.replaceAll('/', '\\/')}/]`,
          message,
        })),
      ],
    },
  };
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
  ...featureWalls,
  {
    files: ['**/*.{js,cjs,mjs}', '.ci/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
