import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
    // Every request is built from its endpoint in @atelier/shared (`call()` in app/api.ts), where
    // the server registers the same route: the web spells no API path of its own.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/\\/api\\/v1/], TemplateElement[value.raw=/\\/api\\/v1/]',
          message: 'Build API URLs from the endpoints in @atelier/shared: call(endpoint) or API_BASE + pathOf(endpoint).',
        },
        {
          selector: "CallExpression[callee.property.name=/^(query|mutation)$/] Property[key.name='url']",
          message: 'Build requests with call(endpoint) from app/api: the endpoint lives in @atelier/shared.',
        },
        {
          selector: "CallExpression[callee.property.name=/^(query|mutation)$/] Property[key.name='query'] > ArrowFunctionExpression > :matches(Literal, TemplateLiteral).body",
          message: 'Build requests with call(endpoint) from app/api: the endpoint lives in @atelier/shared.',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}', '.ci/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
