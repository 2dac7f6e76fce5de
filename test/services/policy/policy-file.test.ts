import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadPolicy, parsePolicyText, POLICY_ENV_VAR, systemPolicyPath } from '../../../main/services/policy';

const LINUX_SYSTEM = '/etc/agent-softphone/policy.json';
import { english, speak, type Say } from '../../../common/i18n/say';

/** A problem as the log reads it (English). */
const logged = (problem: Say | null): string | null => problem && english(problem);

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: fake`), { code });
}

/** A file system of the given files; everything else is missing. */
function files(map: Record<string, string | NodeJS.ErrnoException>) {
  return async (path: string): Promise<string> => {
    const entry = map[path];
    if (entry === undefined) throw errno('ENOENT');
    if (typeof entry !== 'string') throw entry;
    return entry;
  };
}

describe('systemPolicyPath', () => {
  it.each([
    ['linux', {}, LINUX_SYSTEM],
    ['freebsd', {}, LINUX_SYSTEM],
    ['darwin', {}, '/Library/Application Support/AgentSoftphone/policy.json'],
    ['win32', { ProgramData: 'D:\\ProgramData' }, 'D:\\ProgramData\\AgentSoftphone\\policy.json'],
    ['win32', {}, 'C:\\ProgramData\\AgentSoftphone\\policy.json'],
  ] as const)('%s → %s', (platform, env, expected) => {
    expect(systemPolicyPath({ platform, env })).toBe(expected);
  });
});

describe('parsePolicyText', () => {
  it('reads values and locks', () => {
    const result = parsePolicyText(
      JSON.stringify({ comment: 'ticket 42', values: { instanceUrl: 'https://acme.ucontactcloud.com', language: 'en', autostart: true }, locked: ['instanceUrl'] }),
    );
    expect(result).toEqual({
      ok: true,
      policy: { comment: 'ticket 42', values: { instanceUrl: 'https://acme.ucontactcloud.com', language: 'en', autostart: true }, locked: ['instanceUrl'] },
    });
  });

  it('accepts a byte order mark and an empty object', () => {
    expect(parsePolicyText('\uFEFF{}')).toEqual({ ok: true, policy: { values: {}, locked: [] } });
  });

  it.each([
    ['{', /not valid JSON/],
    ['[]', /the file/],
    ['{"values":{"instanceURL":"https://x"}}', /"values" has unknown keys "instanceURL"/],
    ['{"value":{}}', /has unknown keys "value"/],
    ['{"values":{"language":"fr"}}', /"values.language"/],
    ['{"values":{"instanceUrl":"ftp://x"}}', /"values.instanceUrl" must be an https:\/\//],
    ['{"values":{"instanceUrl":"not a url"}}', /"values.instanceUrl"/],
    ['{"values":{"autostart":"yes"}}', /"values.autostart"/],
    ['{"values":{"sipWsUrlTemplate":"https://x/ws"}}', /must start with wss:\/\//],
    ['{"locked":["password"]}', /"locked.0"/],
    ['{"locked":["instanceUrl"]}', /"instanceUrl" is locked but has no value/],
    [`{"comment":"${'x'.repeat(70_000)}"}`, /larger than 64 KiB/],
  ])('refuses %s with a cause that names the problem', (text, cause) => {
    const result = parsePolicyText(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.cause).toMatch(cause);
  });
});

describe('loadPolicy', () => {
  const linux = { platform: 'linux' as const };

  it('is no policy and no problem when no file exists', async () => {
    expect(await loadPolicy({ ...linux, env: {}, read: files({}) })).toEqual({ policy: null, source: null, problem: null, note: null });
  });

  it('reads the system file', async () => {
    const loaded = await loadPolicy({ ...linux, env: {}, read: files({ [LINUX_SYSTEM]: '{"values":{"language":"en"},"locked":["language"]}' }) });
    expect(loaded).toMatchObject({ source: LINUX_SYSTEM, problem: null, policy: { values: { language: 'en' }, locked: ['language'] } });
  });

  it('reads the file named by the environment variable when there is no system file', async () => {
    const env = { [POLICY_ENV_VAR]: '/srv/share/policy.json' };
    const loaded = await loadPolicy({ ...linux, env, read: files({ '/srv/share/policy.json': '{"values":{"autostart":false}}' }) });
    expect(loaded).toMatchObject({ source: '/srv/share/policy.json', problem: null, policy: { values: { autostart: false } } });
  });

  it('lets the system file win over the environment variable, and says so', async () => {
    const env = { [POLICY_ENV_VAR]: '/home/u/mine.json' };
    const read = files({ [LINUX_SYSTEM]: '{"values":{"language":"es"},"locked":["language"]}', '/home/u/mine.json': '{}' });
    const loaded = await loadPolicy({ ...linux, env, read });
    expect(loaded.source).toBe(LINUX_SYSTEM);
    expect(loaded.policy?.locked).toEqual(['language']);
    expect(loaded.note).toMatch(/AGENT_SOFTPHONE_POLICY \(\/home\/u\/mine.json\) was ignored/);
  });

  it('reports a missing file named by the environment variable', async () => {
    const loaded = await loadPolicy({ ...linux, env: { [POLICY_ENV_VAR]: '/nope.json' }, read: files({}) });
    expect(loaded.policy).toBeNull();
    expect(logged(loaded.problem)).toMatch(/named by AGENT_SOFTPHONE_POLICY \(\/nope.json\) does not exist/);
    // The settings screen says it in the user's language.
    expect(loaded.problem && speak('es', loaded.problem)).toBe('El archivo de política de TI indicado por AGENT_SOFTPHONE_POLICY (/nope.json) no existe. La aplicación funciona sin política; pida a TI que revise la ruta.');
  });

  it.each([
    ['{"values":{"language":"fr"}}', /could not be used: "values.language"/],
    [errno('EACCES'), /may not read it/],
    [errno('EISDIR'), /is a folder/],
    [errno('EIO'), /EIO/],
  ])('reports a broken or unreadable system file and runs without it (%s)', async (entry, cause) => {
    const loaded = await loadPolicy({ ...linux, env: {}, read: files({ [LINUX_SYSTEM]: entry }) });
    expect(loaded.policy).toBeNull();
    expect(loaded.source).toBe(LINUX_SYSTEM);
    expect(logged(loaded.problem)).toMatch(cause);
    expect(logged(loaded.problem)).toMatch(/runs without it; ask IT to fix the file/);
  });

  describe('on the real file system', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'policy-'));
    });
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('reads a file written to disk through the environment variable', async () => {
      const path = join(dir, 'policy.json');
      await writeFile(path, JSON.stringify({ values: { instanceUrl: 'https://acme.example.com', caFile: '/etc/ssl/acme.pem' }, locked: ['caFile'] }));
      // Only the system path is faked as missing, so this machine's /etc cannot interfere.
      const read = (p: string) => (p === LINUX_SYSTEM ? Promise.reject(errno('ENOENT')) : readFile(p, 'utf8'));
      const loaded = await loadPolicy({ ...linux, env: { [POLICY_ENV_VAR]: path }, read });
      expect(loaded).toMatchObject({ source: path, problem: null, policy: { locked: ['caFile'] } });
    });

    it('reports a folder in place of the file', async () => {
      const path = join(dir, 'policy.json');
      await mkdir(path);
      const read = (p: string) => (p === LINUX_SYSTEM ? Promise.reject(errno('ENOENT')) : readFile(p, 'utf8'));
      const loaded = await loadPolicy({ ...linux, env: { [POLICY_ENV_VAR]: path }, read });
      expect(logged(loaded.problem)).toMatch(/is a folder/);
    });
  });
});
