import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdColorTokens } from './build/antd-color-tokens.js';
import { antdStaticParts } from './build/antd-static-parts.js';
import { antdTableFilters } from './build/antd-table-filters.js';
import { antdZeroRuntime } from './build/antd-zero-runtime.js';
import { loginFrame } from './build/login-frame.js';
import { precompress } from './build/precompress.js';
import { screenRoutes } from './build/screen-routes.js';
import { zodJsonSchema } from './build/zod-json-schema.js';

export default defineConfig({
  plugins: [
    react(),
    antdZeroRuntime(),
    antdColorTokens(),
    antdTableFilters(),
    antdStaticParts(),
    zodJsonSchema(),
    loginFrame(),
    screenRoutes(),
    precompress(),
  ],
  server: { proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true } } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // .vite/manifest.json: the server maps a deep link's screen to its chunks with it (static-console.ts).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    // The polyfill is injected as an inline <script>, which the Content-Security-Policy forbids;
    // every browser the console supports has native modulepreload.
    modulePreload: {
      polyfill: false,
      // A lazy chunk's styles are still fetched with it (the screen must not paint unstyled); its
      // scripts are found by the browser from the chunk's own imports (a deep link's HTML preloads
      // them: apps/server/src/plugins/route-preloads.ts). Listing every screen's
      // scripts for preloading put the whole chunk map into the entry (~5 KB gzip for 76 screens,
      // growing with each screen) on every page, /login included.
      resolveDependencies: (_file, deps, context) =>
        context.hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (react, the router, antd's core, the sign-in
          // page) loads before anything paints anyway: one file instead of dozens of small shared
          // chunks, each with its own request and a worse compression ratio.
          // Libraries only: the contract's index re-exports every resource, so all of them count as
          // initial, while the entry uses a few (the operation log's catalogue walks them all, lazily).
          // Vite's preload helper too: the entry needs it for its lazy routes, and on its own it was
          // one more small file on every page.
          groups: [{ name: 'initial', tags: ['$initial'], test: /[\\/]node_modules[\\/]|^\0vite\/preload-helper/ }],
        },
      },
    },
  },
});
