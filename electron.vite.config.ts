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
    // Minified (electron-vite leaves it as is): 1.44 MB → ~650 kB parsed at every start of a shift.
    // One chunk on purpose: it is read from local disk and an agent's window needs nearly all of it
    // (React, sip.js, zod); a lazy supervisor area saved 30 kB, not worth a loading state.
    build: { minify: true, chunkSizeWarningLimit: 800, rollupOptions: { input: { index: resolve('renderer/index.html') } } },
  },
});
