import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    build: { rollupOptions: { input: { index: resolve('main/index.ts') } } },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    // A sandboxed preload cannot be an ES module: build it as CommonJS (.cjs).
    build: { rollupOptions: { input: { index: resolve('preload/index.ts') }, output: { format: 'cjs', entryFileNames: '[name].cjs' } } },
  },
  renderer: {
    root: 'renderer',
    plugins: [react()],
    // Minified (electron-vite leaves it as is): parsed at every start of a shift. Split by what the
    // start needs (issue 23, docs/BENCHMARKS.md): a first chunk that opens the bridge (zod, the contract),
    // the UI (React, sip.js, the screens) parsed while main answers, one language's table; the other
    // language and the supervisor console only when shown. No polyfill: Chromium has modulepreload.
    build: { minify: true, modulePreload: { polyfill: false }, chunkSizeWarningLimit: 800, rollupOptions: { input: { index: resolve('renderer/index.html') } } },
  },
});
