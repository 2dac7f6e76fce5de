// The Electron smoke suite (test/electron), run by `npm run test:electron` only where a binary exists.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/electron/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
