import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { bulkCommands } from '../../../main/cli/bulk/index';
import { startSimulator, type Simulator } from '../../../simulator/index';

// A simulator in this process, a temp folder for CSV/report/state files, and
// a way to run a bulk command as the CLI would, capturing its output.

export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** The JSON summary (the last stdout line), when there is one. */
  readonly summary: Record<string, unknown> | undefined;
}

export interface BulkKit {
  readonly sim: Simulator;
  readonly dir: string;
  csv(name: string, lines: readonly string[]): Promise<string>;
  run(command: 'provision' | 'dialer-tasks', args: readonly string[], options?: { tty?: boolean }): Promise<RunResult>;
  /** Requests the simulator logged for an operation, in order. */
  requestsOf(operation: string): { result: string; fault?: string | undefined }[];
  close(): Promise<void>;
}

export async function startBulkKit(): Promise<BulkKit> {
  const sim = await startSimulator({ port: 0 });
  const dir = await mkdtemp(join(tmpdir(), 'bulk-test-'));
  const apiUser = sim.ready.credentials.apiUser;
  return {
    sim,
    dir,
    async csv(name, lines) {
      const path = join(dir, name);
      await writeFile(path, `${lines.join('\n')}\n`);
      return path;
    },
    async run(command, args, options = {}) {
      let stdout = '';
      let stderr = '';
      const io = {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: (text: string) => (stderr += text), isTTY: options.tty === true, columns: 100 },
        env: { INTEGRA_BASE_URL: sim.baseUrl, INTEGRA_USER: apiUser.user, INTEGRA_PASSWORD: apiUser.password },
      };
      const code = await bulkCommands[command]!.run(args, io);
      const last = stdout.trim().split('\n').at(-1) ?? '';
      const summary = last.startsWith('{') ? (JSON.parse(last) as Record<string, unknown>) : undefined;
      return { code, stdout, stderr, summary };
    },
    requestsOf(operation) {
      return sim.state.requests.filter((entry) => entry.operation === operation);
    },
    async close() {
      await sim.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Call inside a describe: the kit starts before its tests, the simulator's
 * state is reset before each test, and everything is closed after them.
 */
export function useBulkKit(): Omit<BulkKit, 'close'> {
  let started: BulkKit | undefined;
  const kit = (): BulkKit => {
    if (!started) throw new Error('the bulk kit did not start (see beforeAll)');
    return started;
  };
  beforeAll(async () => {
    started = await startBulkKit();
  });
  afterAll(async () => {
    await started?.close();
  });
  beforeEach(() => {
    kit().sim.state.reset();
  });
  return {
    get sim() {
      return kit().sim;
    },
    get dir() {
      return kit().dir;
    },
    csv: (name, lines) => kit().csv(name, lines),
    run: (command, args, options) => kit().run(command, args, options),
    requestsOf: (operation) => kit().requestsOf(operation),
  };
}
