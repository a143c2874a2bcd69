import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdZeroRuntime } from './build/antd-zero-runtime.js';
import { precompress } from './build/precompress.js';

export default defineConfig({
  plugins: [react(), antdZeroRuntime(), precompress()],
  server: { proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true } } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // The polyfill is injected as an inline <script>, which the Content-Security-Policy forbids;
    // every browser the console supports has native modulepreload.
    modulePreload: { polyfill: false },
  },
});
