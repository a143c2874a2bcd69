import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The floors of the server and of the console, top first. A file may import its own floor and the
// floors under it; an import that runs back up is refused by `import-x/no-restricted-paths`
// (below). Paths are from the repository's root; a floor is folders and files.

const server = (...paths) => paths.map((p) => `apps/server/src/${p}`);
const web = (...paths) => paths.map((p) => `apps/web/src/${p}`);

const serverFloors = [
  // The process and what assembles it.
  { name: 'app', paths: server('main.ts', 'app.ts', 'app-modules.ts', 'app-drain.ts') },
  // Command-line tools that drive a whole server, and the demo and scale seed.
  { name: 'scripts', paths: server('scripts', 'cluster', 'device-sim', 'device-broker') },
  { name: 'modules', paths: server('modules') },
  { name: 'crud/imports', paths: server('crud', 'imports') },
  { name: 'http', paths: server('http') },
  { name: 'plugins', paths: server('plugins') },
  { name: 'realtime', paths: server('realtime') },
  { name: 'credentials', paths: server('credentials') },
  { name: 'db', paths: server('db') },
  { name: 'adapters', paths: server('adapters') },
  { name: 'lib', paths: server('lib', 'config.ts') },
];

// The stores use the request client and the browser storage of lib/; lib/ imports no store.
const webFloors = [
  // The entry and the router: they load the shell (lazily) and read its screen registry.
  { name: 'app', paths: web('main.tsx', 'app') },
  // The signed-in shell with the screen registry (screens.ts) and the progress bar it shares with
  // the router: it imports nothing of app/, so a shell file importing the router is refused.
  { name: 'layout', paths: web('layout') },
  { name: 'pages', paths: web('pages') },
  { name: 'resources', paths: web('resources') },
  { name: 'features', paths: web('features') },
  { name: 'components', paths: web('components') },
  { name: 'stores', paths: web('stores') },
  { name: 'lib', paths: web('lib') },
];

/** One zone per floor: its files may not import any floor above it. */
function layerZones(floors) {
  return floors.slice(1).map((floor, i) => {
    const above = floors.slice(0, i + 1);
    return {
      target: floor.paths,
      from: above.flatMap((f) => f.paths),
      message: `${floor.name} sits under ${above.map((f) => f.name).join(', ')}: move the shared piece down, or let the upper floor hand it in.`,
    };
  });
}

// Tests and their fixtures assemble whole apps and screens from any floor.
const layersExempt = ['**/*.test.{ts,tsx}', '**/*.testing.{ts,tsx}', '**/*-fixtures.ts'];

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
    settings: {
      // Resolves `./x.js` to the `./x.ts` beside it (the server's ESM imports) and the web's
      // imports without an extension, so the import rules below follow every import.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Layers point one way (the floors above): a floor imports only its own and those under it.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: layersExempt,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...layerZones(serverFloors), ...layerZones(webFloors)] },
      ],
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
