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
    build: { rollupOptions: { input: { index: resolve('renderer/index.html') } } },
  },
});
