import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      // Benchmark data and builds (git-ignored): generated, not ours to lint.
      'apps/server/bench/.data/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.config.{js,ts}',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The launcher prints the URL and demo sign-ins for the operator; scripts report to the terminal.
    files: [
      'apps/server/src/main.ts',
      'apps/server/src/scripts/seed/cli.ts',
      'apps/server/src/device-sim/cli.ts',
      'apps/server/src/device-broker/cli.ts',
      'apps/server/src/cluster/cli.ts',
      'apps/server/bench/**',
      'e2e/**',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    // The server's test files share one module graph per worker (vitest.config.ts, isolate: false):
    // a module mock or a stubbed global would leak into the files after it.
    files: ['apps/server/**/*.test.ts', 'apps/server/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message: 'Server test files share modules (isolate: false); build what the test needs instead.',
        })),
      ],
    },
  },
);
