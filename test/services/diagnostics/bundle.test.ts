// The diagnostics bundle (issue 26) in plain Node: built from its parts,
// bounded, written owner-only and read back; the Electron save dialog's thin
// glue with a fake dialog.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { saveBundleWithDialog } from '../../../main/desktop/diagnostics-bundle-dialog';
import {
  buildBundle, BUNDLE_CAP_BYTES, createEventJournal, createRecentLog, readBundleFile, watchDiagnosticEvents, writeBundleFile, type BundleInput,
} from '../../../main/services/diagnostics';
import { createLogger } from '../../../main/services/logging';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const folder = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
  dirs.push(dir);
  return dir;
};

const timeline = { startedAt: '2026-11-26T10:40:00.000Z', everySeconds: 5, droppedPoints: 0, pairs: [], points: [{ atSeconds: 5, packets: 250, lossPercent: 0, jitterMs: 2, rttMs: 10, mos: 4.4 }] };
const input = (over: Partial<BundleInput> = {}): BundleInput => ({
  generatedAt: new Date('2026-11-26T10:45:30.123Z'), app: { name: 'Agent Softphone', version: '0.1.0', packaged: false }, runtime: { node: '22', electron: undefined },
  os: { platform: 'linux', release: '6.1', arch: 'x64' }, page: { userAgent: 'Chromium/140', language: 'es' },
  session: { state: 'signed-in', agent: 'ana.garcia', extension: '1001' }, phone: { registration: 'registered', call: null }, connectivity: 'online',
  policy: { source: '/etc/agent-softphone/policy.json', problem: null, locked: ['echoDestination'] }, settings: { language: 'es', apiPassword: 'hunter22' },
  lastCheck: { verdict: 'passed' }, qualityTimelines: [{ id: 'c-1', timeline }],
  sipTrace: [{ at: '2026-11-26T10:40:00.000Z', direction: 'sent', text: 'REGISTER sip:pbx SIP/2.0\r\nAuthorization: Digest username="1001", response="abc"\r\n\r\n', cut: 0 }],
  events: [{ at: '2026-11-26T10:40:00.000Z', kind: 'connectivity', text: 'API online' }], logFolder: '/tmp/logs', logLines: ['2026-11-26T10:40:00.000Z [info] (main) Signed in'],
  ...over,
});

describe('the diagnostics bundle', () => {
  it('holds every part, a secret-named setting and SIP credentials redacted', () => {
    const bundle = buildBundle(input());
    expect(bundle.fileName).toBe('agent-softphone-diagnostics-20261126-104530.json');
    const parsed = JSON.parse(bundle.json) as Record<string, unknown>;
    expect(parsed).toMatchObject({
      format: 'agent-softphone-diagnostics', version: 1, app: { version: '0.1.0' }, runtime: { node: '22' }, page: { language: 'es' },
      policy: { locked: ['echoDestination'] }, settings: { language: 'es', apiPassword: '[redacted]' }, lastCheck: { verdict: 'passed' },
      qualityTimelines: [{ id: 'c-1', timeline }], events: [{ text: 'API online' }], log: ['2026-11-26T10:40:00.000Z [info] (main) Signed in'],
      limits: { capBytes: BUNDLE_CAP_BYTES, leftOut: { logLines: 0, sipMessages: 0, qualityTimelines: 0 } },
    });
    expect(bundle.json).toContain('REGISTER sip:pbx SIP/2.0');
    expect(bundle.json).not.toContain('response=');
    expect(bundle.bytes).toBe(Buffer.byteLength(bundle.json));
  });

  it('stays within its cap: the oldest log lines go first, then the oldest SIP messages, and it says how many', () => {
    const cap = 200_000;
    const line = (i: number) => `2026-11-26T10:40:00.000Z [info] (main) line ${i} ${'x'.repeat(900)}`;
    const message = (i: number) => ({ at: '2026-11-26T10:40:00.000Z', direction: 'received' as const, text: `SIP/2.0 200 OK ${i} ${'y'.repeat(900)}`, cut: 0 });
    const bundle = buildBundle(input({ logLines: Array.from({ length: 300 }, (_, i) => line(i)), sipTrace: Array.from({ length: 100 }, (_, i) => message(i)) }), cap);
    expect(bundle.bytes).toBeLessThanOrEqual(cap);
    const parsed = JSON.parse(bundle.json) as { log: string[]; sipTrace: { text: string }[]; limits: { leftOut: { logLines: number; sipMessages: number } } };
    expect(parsed.limits.leftOut.logLines).toBe(300 - parsed.log.length);
    expect(parsed.log.at(-1)).toContain('line 299');
    // Logs went first; the SIP trace only once no log line was left.
    if (parsed.limits.leftOut.sipMessages > 0) expect(parsed.log).toHaveLength(0);
    expect(parsed.sipTrace.at(-1)?.text).toContain('200 OK 99');
  });

  it('is written owner-only and read back; another file is refused in words', () => {
    const dir = folder();
    const path = join(dir, 'bundle.json');
    writeBundleFile(path, buildBundle(input()).json);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const read = readBundleFile(path);
    expect(read.ok && read.bundle.qualityTimelines[0]?.id).toBe('c-1');
    writeFileSync(join(dir, 'other.json'), '{"hello":1}');
    const other = readBundleFile(join(dir, 'other.json'));
    expect(other.ok).toBe(false);
    expect(!other.ok && other.problem).toMatch(/is not a diagnostics file of this app/u);
  });

  it('Electron: saves where the person chose, suggesting the bundle\'s name in Downloads; nothing when cancelled', async () => {
    const dir = folder();
    const bundle = buildBundle(input());
    const asked: unknown[] = [];
    const chosen = join(dir, 'chosen.json');
    const dialog = { showSaveDialog: async (options: unknown) => (asked.push(options), { canceled: false, filePath: chosen }) };
    expect(await saveBundleWithDialog(dialog as never, null, '/home/ana/Downloads', bundle)).toBe('saved');
    expect(asked[0]).toMatchObject({ defaultPath: `/home/ana/Downloads/${bundle.fileName}` });
    expect(readBundleFile(chosen).ok).toBe(true);
    const cancelled = { showSaveDialog: async () => ({ canceled: true, filePath: '' }) };
    expect(await saveBundleWithDialog(cancelled as never, null, '/home/ana/Downloads', bundle)).toBe('cancelled');
  });
});

describe('the bundle\'s sources', () => {
  it('the recent log keeps the newest lines within its budget', () => {
    const recent = createRecentLog(1_000);
    const logger = createLogger({ sinks: [recent] });
    for (let i = 0; i < 50; i += 1) logger.info(`line ${i} ${'z'.repeat(40)}`);
    const lines = recent.lines();
    expect(lines.reduce((sum, l) => sum + l.length, 0)).toBeLessThanOrEqual(1_000);
    expect(lines.at(-1)).toContain('line 49');
    expect(lines.length).toBeLessThan(50);
  });

  it('the event journal records connectivity and outbox changes, once each, bounded', () => {
    const journal = createEventJournal(() => new Date('2026-11-26T10:00:00Z'), 3);
    let onConnectivity: (change: { state: 'online' | 'offline'; reason: 'request-failed'; at: number }) => void = () => undefined;
    let onOutbox: (status: { pending: number; sending: boolean; lastError: string | null; lastErrorSay: null; parked: number; nextRetryAt: null }) => void = () => undefined;
    const stop = watchDiagnosticEvents(journal, {
      connectivity: { state: 'online', onChange: (l) => ((onConnectivity = l), () => undefined) },
      outbox: { onOutboxStatus: (l) => ((onOutbox = l), () => undefined) },
    });
    onConnectivity({ state: 'offline', reason: 'request-failed', at: 0 });
    onOutbox({ pending: 2, sending: false, lastError: 'the platform did not answer', lastErrorSay: null, parked: 0, nextRetryAt: null });
    onOutbox({ pending: 2, sending: false, lastError: 'the platform did not answer', lastErrorSay: null, parked: 0, nextRetryAt: null });
    expect(journal.events().map((e) => e.text)).toEqual(['API online', 'API offline (request-failed)', '2 waiting; last error: the platform did not answer']);
    onOutbox({ pending: 0, sending: false, lastError: null, lastErrorSay: null, parked: 0, nextRetryAt: null });
    expect(journal.events()).toHaveLength(3);
    stop();
  });
});
