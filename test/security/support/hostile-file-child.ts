// Runs ONE read of a hostile file in its own process, for
// test/security/hostile-files.test.ts: a read that blocks (a FIFO opened
// without O_NONBLOCK waits for a writer forever) hangs this process, not
// vitest, and the parent turns the hang into a failed test.
//
//   node --import tsx hostile-file-child.ts <scenario> <dir>
//
// Prints one line of JSON: what the store said after meeting the file, and
// that it still works. Every scenario puts a FIFO where main expects a file.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs, { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import fsPromises from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { dirname, join } from 'node:path';
import type { Say } from '../../../common/i18n/dictionary';
import { english } from '../../../common/i18n/say';

/** What main said, in English (the page shows the message keys in the agent's language). */
const inEnglish = (said: readonly (Say | null)[]): string | null => said.filter((say): say is Say => say !== null).map(english).join(' ') || null;

const [scenario = '', dir = ''] = process.argv.slice(2);
const AGENT = 'ana.garcia';
const agentFile = (folder: string): string => join(dir, folder, `${createHash('sha256').update(AGENT).digest('hex').slice(0, 32)}.json`);
const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

function fifoAt(path: string): string {
  mkdirSync(dirname(path), { recursive: true });
  rmSync(path, { force: true });
  execFileSync('mkfifo', [path]);
  return path;
}

/**
 * The race of issue 21, point 4, made certain: the path is a regular file
 * for every look before the open, and a FIFO when the open happens.
 */
function swapForFifoAtOpen(path: string): void {
  const { openSync } = fs;
  const { open } = fsPromises;
  fs.openSync = (file: fs.PathLike, flags: fs.OpenMode = 'r', mode?: fs.Mode | null): number => {
    if (file === path) fifoAt(path);
    return openSync(file, flags, mode);
  };
  fsPromises.open = (file: fs.PathLike, flags?: string | number, mode?: fs.Mode): Promise<fsPromises.FileHandle> => {
    if (file === path) fifoAt(path);
    return open(file, flags, mode);
  };
  syncBuiltinESMExports(); // `import { openSync } from 'node:fs'` sees the wrapper too
}

const call = { id: 'm-1', guid: null, caller: '099123456', campaign: 'Soporte<-', offeredAt: new Date().toISOString(), endedAt: new Date().toISOString(), reason: 'rang-out' } as const;

const scenarios: Record<string, () => Promise<unknown>> = {
  async 'ca-file'() {
    const path = join(dir, 'ca.pem');
    writeFileSync(path, PEM);
    swapForFifoAtOpen(path);
    const { readCaFile } = await import('../../../main/api');
    return readCaFile(path);
  },
  async 'missed-calls'() {
    fifoAt(agentFile('missed-calls'));
    const { openCallsStores } = await import('../../../main/services/calls/calls-stores');
    const stores = openCallsStores(dir);
    const problem = inEnglish(stores.problems(AGENT));
    const history = stores.missed((store) => store.history(AGENT));
    stores.missed((store) => store.record(AGENT, call));
    return { problem, history, afterwards: stores.missed((store) => store.list(AGENT)).map((c) => c.id) };
  },
  async callbacks() {
    fifoAt(agentFile('callbacks'));
    const { openCallsStores } = await import('../../../main/services/calls/calls-stores');
    const stores = openCallsStores(dir);
    const before = stores.callbacks((store) => store.list(AGENT));
    stores.callbacks((store) => store.add(AGENT, { guid: 'g-1', caller: '099123456', campaign: 'Cobranzas->', dialer: '', at: '2099-01-01 10:00:00' }));
    return { before, afterwards: stores.callbacks((store) => store.list(AGENT)).map((c) => c.guid) };
  },
  async 'wrap-ups'() {
    fifoAt(join(dir, 'outbox', 'wrapups.json'));
    const { openCallsStores } = await import('../../../main/services/calls/calls-stores');
    return { problem: inEnglish(openCallsStores(dir).problems(AGENT)) };
  },
  async settings() {
    const path = fifoAt(join(dir, 'settings.json'));
    const { createJsonFileSettingsStorage, createSettingsService } = await import('../../../main/services/settings');
    const settings = createSettingsService(createJsonFileSettingsStorage(path));
    return { problem: settings.loadProblem, afterwards: settings.update({ language: 'en' }).language };
  },
  async 'electron-store-settings'() {
    const path = fifoAt(join(dir, 'settings.json'));
    const { default: Conf } = await import('conf'); // what electron-store is made of: it reads the file blocking
    const { createElectronStoreSettingsStorage, SETTINGS_STORE_OPTIONS } = await import('../../../main/desktop/electron-store-settings');
    const { createSettingsService } = await import('../../../main/services/settings');
    const open = () => new Conf<Record<string, unknown>>({ cwd: dir, projectName: 'hostile-files', configName: SETTINGS_STORE_OPTIONS.name });
    const settings = createSettingsService(createElectronStoreSettingsStorage({ open, filePath: path }));
    return { problem: settings.loadProblem, afterwards: settings.update({ language: 'en' }).language };
  },
  async vault() {
    const path = fifoAt(join(dir, 'secrets.json'));
    const { createEncryptedVault, createVaultFile } = await import('../../../main/services/vault');
    const cipher = { availability: () => ({ available: true }) as const, encrypt: (plain: string) => Buffer.from(plain), decrypt: (data: Uint8Array) => Buffer.from(data).toString() };
    const vault = createEncryptedVault(cipher, createVaultFile(path));
    vault.set('token', 'x', true);
    return { problem: vault.loadProblem, afterwards: createEncryptedVault(cipher, createVaultFile(path)).get('token') };
  },
  async outbox() {
    fifoAt(join(dir, 'outbox', 'dispositions.jsonl'));
    const { Journal } = await import('../../../main/services/outbox/journal');
    const opened = await Journal.open(join(dir, 'outbox'), 'dispositions');
    await opened.journal.append({ op: 'add', id: 'd-1', item: { guid: 'g' } });
    await opened.journal.close();
    const again = await Journal.open(join(dir, 'outbox'), 'dispositions');
    await again.journal.close();
    return { quarantined: opened.quarantined, afterwards: again.entries.map((e) => e.id) };
  },
  async policy() {
    const path = fifoAt(join(dir, 'policy.json'));
    const { loadPolicy, POLICY_ENV_VAR, systemPolicyPath } = await import('../../../main/services/policy');
    // The variable's file is read only when the system one does not exist.
    if (fs.existsSync(systemPolicyPath({ platform: 'linux', env: {} }))) throw new Error('this machine has a system policy file');
    return loadPolicy({ platform: 'linux', env: { [POLICY_ENV_VAR]: path } });
  },
  async 'instance-file'() {
    fifoAt(join(dir, 'instance.json'));
    const { handOverToRunningHost } = await import('../../../main/browser-host/second-launch');
    return handOverToRunningHost(dir, ['node', 'tel:099123456']);
  },
  async 'calls-preferences'() {
    fifoAt(join(dir, 'calls.json'));
    const { fileCallsPreferences } = await import('../../../main/services/calls/calls-preferences');
    const preferences = fileCallsPreferences(dir);
    const before = preferences.read();
    preferences.write({ lastCampaign: 'Ventas->' });
    return { before, afterwards: preferences.read() };
  },
  async 'disposition-choices'() {
    fifoAt(join(dir, 'disposition-choices.json'));
    const { loadDispositionChoices } = await import('../../../main/services/calls');
    return { problem: inEnglish([loadDispositionChoices(dir).problem]) };
  },
  async autostart() {
    const path = fifoAt(join(dir, 'autostart', 'agent-softphone.desktop'));
    const { isXdgAutostartPresent, writeXdgAutostart } = await import('../../../main/desktop/autostart-xdg');
    const present = await isXdgAutostartPresent(path);
    return { present, written: await writeXdgAutostart(path, '[Desktop Entry]\n'), afterwards: await isXdgAutostartPresent(path) };
  },
  async 'list-file'() {
    const path = join(dir, 'lista.csv');
    writeFileSync(path, 'telefono;nombre\n099123456;Ana\n');
    swapForFifoAtOpen(path);
    const { analyzeDialingList } = await import('../../../main/api');
    return analyzeDialingList(path).then(
      (analysis) => ({ analysis }),
      (error: unknown) => ({ refused: error instanceof Error ? error.message : String(error) }),
    );
  },
};

const run = scenarios[scenario];
if (!run) throw new Error(`unknown scenario ${JSON.stringify(scenario)}`);
process.stdout.write(`${JSON.stringify(await run())}\n`);
process.exit(0);
