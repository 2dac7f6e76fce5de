import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../main/cli/command-list';
import { runCli } from '../../main/cli/run-cli';

// runCli in-process for what needs no server: help and flag mistakes.

async function run(argv: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env, stderrIsTty: false });
  return { code, stdout, stderr };
}

const specFlags: Record<string, string[]> = {
  'client-auth': ['user', 'password'],
  'agent-auth': ['agent', 'password'],
  logout: ['agent', 'interface', 'message'],
  hangup: ['phone'],
  'dialer-task': ['calldate', 'campaign', 'destination', 'alternatives', 'agent', 'data', 'source', 'bulk', 'automatic'],
  'upload-base': ['file', 'filename', 'campaign', 'cant', 'username'],
  disposition: ['campaign', 'agent', 'callerid', 'guid', 'l1', 'l2', 'l3', 'd1', 'd2', 'comment', 'schedule', 'camptoreschedule', 'tag'],
  'create-agent': ['userName', 'secret', 'fullname', 'phoneNumber'],
  'add-to-campaign': ['membername', 'queueName', 'interface1'],
  'make-call': ['callerid', 'agent', 'phone', 'tech', 'context', 'outqueue', 'destination'],
  campaigns: [],
  dialers: [],
};

describe('runCli', () => {
  it('has exactly the twelve operation commands', () => {
    expect(COMMANDS.map((c) => c.name).sort()).toEqual(Object.keys(specFlags).sort());
  });

  it.each(Object.entries(specFlags))('%s --help shows the spec parameters and the connection flags', async (name, flags) => {
    const { code, stdout } = await run([name, '--help']);
    expect(code).toBe(0);
    for (const flag of [...flags, 'base-url', 'ca-file', 'timeout']) expect(stdout).toMatch(new RegExp(`--${flag}\\b`));
  });

  it('refuses unknown commands, unknown flags and a missing address with exit 4', async () => {
    expect((await run(['dial'])).code).toBe(4);
    const unknownFlag = await run(['hangup', '--phnoe', '1001']);
    expect(unknownFlag.code).toBe(4);
    expect(unknownFlag.stderr).toMatch(/Unknown option '--phnoe'/);
    const noUrl = await run(['hangup', '--phone', '1001']);
    expect(noUrl.code).toBe(4);
    expect(noUrl.stderr).toMatch(/--base-url or set INTEGRA_BASE_URL/);
    // Required flags are checked before any request: nothing listens at this address, yet the answer is exit 4.
    const missing = await run(['disposition', '--campaign', 'C', '--base-url', 'http://127.0.0.1:9', '--user', 'u', '--password', 'p']);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toMatch(/--agent, --callerid, --guid, --l1 are required/);
  });

  it('prints the main help with exit 4 when no command is given', async () => {
    const { code, stdout } = await run([]);
    expect(code).toBe(4);
    expect(stdout).toMatch(/Usage: integra <command>/);
  });
});
