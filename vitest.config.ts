import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // The interop tier (Kamailio, JsSIP) has its own config: npm run test:interop.
    exclude: [...configDefaults.exclude, 'test/interop/**'],
    // E2E tests start servers and a browser; give them room but keep them bounded.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: files run in parallel forks, tests inside a file in order.
    pool: 'forks',
    maxWorkers: 2,
  },
});
