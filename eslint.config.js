import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Type-aware linting with zero warnings allowed (`--max-warnings 0`). Package boundaries are
// checked by dependency-cruiser (.dependency-cruiser.cjs) and, for the runtime, also here so an
// editor flags a forbidden import as it is typed.
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      '**/dist/**',
      '**/generated/**',
      '**/next-env.d.ts',
      'e2e/playwright-report/**',
      'test-results/**',
      'tools/lint-fixtures/**',
      // Stryker's sandbox copy of the whole tree; an interrupted run leaves it behind, and linting it ran out of heap.
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/only-throw-error': 'error',
    },
  },
  {
    files: ['packages/runtime/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@prisma/*', 'prisma', 'pg', 'pg-*', '@electric-sql/*', 'pglite-*', 'next', 'next/*'], message: 'packages/runtime stays free of database and web-framework code.' },
            { group: ['@agentloom/db', '@agentloom/db/*', '@agentloom/platform', '@agentloom/platform/*', '@agentloom/console', '@agentloom/worker'], message: 'packages/runtime imports no other AgentLoom package.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', TextDecoder: 'readonly', TextEncoder: 'readonly', WebAssembly: 'readonly', structuredClone: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', AbortController: 'readonly', queueMicrotask: 'readonly', fetch: 'readonly', __dirname: 'readonly', require: 'readonly', module: 'writable' } },
  },
);
