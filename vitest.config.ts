import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The E2E files with two agents (two Chromiums each, beside the simulator): run one at a time, after the rest.
 * On a clean clone vitest orders files by size, so these two always ran side by side: four Chromiums and two
 * simulators on two cores, the moment of the suite where the CI failed calls that pass everywhere else.
 */
const TWO_AGENT_E2E = ['test/e2e/transfer.test.ts', 'test/e2e/reload-transfer.test.ts'];

export default defineConfig({
  test: {
    // The interop tier (Kamailio, JsSIP) and the Electron smoke suite have their own configs (npm run test:interop, test:electron).
    exclude: [...configDefaults.exclude, 'test/interop/**', 'test/electron/**'],
    // E2E tests start servers and a browser; give them room but keep them bounded.
    testTimeout: 30_000,
    // expect.poll waits up to 10 s (vitest's 1 s default flaked on the busy 2-core CI machine); still bounded.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    // A failed test prints what the apps it ran left behind (their log, the page's console): the CI keeps only its output.
    setupFiles: ['test/support/print-on-failure.ts'],
    // Two cores: files run in parallel forks, tests inside a file in order.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'suite', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'], exclude: [...configDefaults.exclude, 'test/interop/**', 'test/electron/**', ...TWO_AGENT_E2E], sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'two agents', include: TWO_AGENT_E2E, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
