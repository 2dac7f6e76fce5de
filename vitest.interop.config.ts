import { defineConfig } from 'vitest/config';

// `npm run test:interop`: the phone on Kamailio and JsSIP on the simulator.
// Kept out of `vitest run` (see vitest.config.ts); each file starts its own
// servers and browser, so files run one at a time.
export default defineConfig({
  test: {
    include: ['test/interop/**/*.test.ts'],
    globalSetup: ['test/interop/global-setup.ts'],
    // A failed test prints what the apps it ran left behind (test/support/failure-report.ts).
    setupFiles: ['test/support/print-on-failure.ts'],
    testTimeout: 60_000,
    // expect.poll waits up to 10 s (vitest's 1 s default flaked on the busy 2-core CI machine); still bounded.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 90_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
