import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/**
 * The chunk the first chunk imports at once: the phone. The UI's chunk is not preloaded: it is fetched once
 * the phone is registered (renderer/src/shell/phone-settles.ts), so its parse does not compete with the phone's.
 */
const EARLY_CHUNKS = ['/renderer/src/shell/phone-runner.ts'];

/**
 * The phone's chunk (imported by the first chunk once the bridge is on its way) fetched from the start,
 * beside the first chunk: without this hint its fetch waited for the first chunk to run (issue 23).
 * Only a hint: the first chunk's body still runs first.
 */
function preloadEarlyChunks(): Plugin {
  return {
    name: 'softphone:preload-early-chunks',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files = new Set<string>();
        for (const entry of EARLY_CHUNKS) {
          const chunk = Object.values(context.bundle ?? {}).find((out) => out.type === 'chunk' && out.facadeModuleId?.endsWith(entry));
          if (chunk?.type !== 'chunk') throw new Error(`The chunk of ${entry} is missing from the build.`);
          for (const file of [chunk.fileName, ...chunk.imports]) if (file !== context.chunk?.fileName) files.add(file);
        }
        return [...files].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` }, injectTo: 'head' as const }));
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
    plugins: [react(), preloadEarlyChunks()],
    // Minified (electron-vite leaves it as is): parsed at every start of a shift. Split by what the
    // start needs (issue 23, docs/BENCHMARKS.md): a first chunk that opens the bridge (zod, the schemas of the settings and the session),
    // the phone (sip.js), the rest of the contract and the UI (React, the screens) parsed while main answers, one language's table; the other
    // language and the supervisor console only when shown. No polyfill: Chromium has modulepreload.
    build: { minify: true, modulePreload: { polyfill: false }, chunkSizeWarningLimit: 800, rollupOptions: { input: { index: resolve('renderer/index.html') } } },
  },
});
