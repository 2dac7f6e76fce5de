import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/**
 * The UI's chunk (renderer/src/mount.tsx, imported by the first chunk once the bridge is on its way)
 * fetched from the start, beside the first chunk: without this hint its fetch waited for the first
 * chunk to run (issue 23). Only a hint: the first chunk's body still runs first.
 */
function preloadUiChunk(): Plugin {
  return {
    name: 'softphone:preload-ui-chunk',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const ui = Object.values(context.bundle ?? {}).find((out) => out.type === 'chunk' && out.facadeModuleId?.endsWith('/renderer/src/mount.tsx'));
        if (ui?.type !== 'chunk') throw new Error('The UI chunk (renderer/src/mount.tsx) is missing from the build.');
        const imported = ui.imports.filter((file) => file !== context.chunk?.fileName);
        return [ui.fileName, ...imported].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

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
    plugins: [react(), preloadUiChunk()],
    // Minified (electron-vite leaves it as is): parsed at every start of a shift. Split by what the
    // start needs (issue 23, docs/BENCHMARKS.md): a first chunk that opens the bridge (zod, the contract),
    // the UI (React, sip.js, the screens) parsed while main answers, one language's table; the other
    // language and the supervisor console only when shown. No polyfill: Chromium has modulepreload.
    build: { minify: true, modulePreload: { polyfill: false }, chunkSizeWarningLimit: 800, rollupOptions: { input: { index: resolve('renderer/index.html') } } },
  },
});
