import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // The interop tier (Kamailio, JsSIP) and the Electron smoke suite have their own configs (npm run test:interop, test:electron).
    exclude: [...configDefaults.exclude, 'test/interop/**', 'test/electron/**'],
    // E2E tests start servers and a browser; give them room but keep them bounded.
    testTimeout: 30_000,
    // expect.poll waits up to 10 s (vitest's 1 s default flaked on the busy 2-core CI machine); still bounded.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    // Two cores: files run in parallel forks, tests inside a file in order.
    pool: 'forks',
    maxWorkers: 2,
  },
});
