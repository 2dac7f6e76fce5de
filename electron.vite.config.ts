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
    build: { rollupOptions: { input: { index: resolve('preload/index.ts') } } },
  },
  renderer: {
    root: 'renderer',
    plugins: [react()],
    build: { rollupOptions: { input: { index: resolve('renderer/index.html') } } },
  },
});
