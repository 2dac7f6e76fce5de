import fc from 'fast-check';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, createRotatingFileSink, type LogRecord, type LogSink } from '../../../main/services/logging';

function memorySink() {
  const lines: string[] = [];
  const records: LogRecord[] = [];
  const sink: LogSink = {
    write(line, record) {
      lines.push(line);
      records.push(record);
    },
  };
  return { sink, lines, records };
}

const fixedNow = () => new Date('2026-11-21T08:00:00.000Z');

describe('createLogger', () => {
  it('formats one redacted line per record, with scope and fields', () => {
    const memory = memorySink();
    const log = createLogger({ sinks: [memory.sink], now: fixedNow });
    log.info('signed in', { agent: 'ana.garcia', password: 'hunter2' });
    log.child('renderer').warn('two\nlines Authorization: Basic abc');
    expect(memory.lines).toEqual([
      '2026-11-21T08:00:00.000Z [info] (main) signed in {"agent":"ana.garcia","password":"[redacted]"}',
      '2026-11-21T08:00:00.000Z [warn] (renderer) two\\nlines Authorization: [redacted]',
    ]);
  });

  it('drops records below the level', () => {
    const memory = memorySink();
    const log = createLogger({ sinks: [memory.sink], level: 'warn', now: fixedNow });
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e');
    expect(memory.records.map((r) => r.level)).toEqual(['warn', 'error']);
  });

  it('keeps going when a sink throws', () => {
    const memory = memorySink();
    const broken: LogSink = {
      write() {
        throw new Error('disk full');
      },
    };
    const log = createLogger({ sinks: [broken, memory.sink], now: fixedNow });
    expect(() => log.error('still logged')).not.toThrow();
    expect(memory.lines).toHaveLength(1);
  });

  it('no secret given to any logging call reaches a sink (property)', () => {
    const secret = fc.stringMatching(/^[A-Z0-9+/=]{10,30}$/);
    const place = fc.constantFrom<((s: string) => [string, unknown])[]>(
      (s) => ['login', { password: s }],
      (s) => ['login', { nested: [{ md5secret: s }] }],
      (s) => [`request Authorization: Basic ${s}`, undefined],
      (s) => ['failed', new Error(`POST failed: token=${s}`)],
      (s) => ['failed', { error: Object.assign(new Error('x'), { authorization: s }) }],
      (s) => ['sip', { authorizationHa1: s }],
      (s) => [`body {"fileb64":"${s}"}`, { ok: false }],
    );
    fc.assert(
      fc.property(secret, place, fc.constantFrom('error', 'warn', 'info') , (value, make, level) => {
        const memory = memorySink();
        const log = createLogger({ sinks: [memory.sink], now: fixedNow });
        const [message, fields] = make(value);
        log[level](message, fields);
        return memory.lines.length === 1 && !memory.lines[0]!.includes(value) && !JSON.stringify(memory.records).includes(value);
      }),
      { numRuns: 300 },
    );
  });
});

describe('createRotatingFileSink', () => {
  let folder: string;
  beforeEach(async () => {
    folder = join(await mkdtemp(join(tmpdir(), 'logs-')), 'nested', 'logs');
  });
  afterEach(async () => {
    await rm(join(folder, '..', '..'), { recursive: true, force: true });
  });

  it('writes private files in a private folder it creates', async () => {
    const sink = createRotatingFileSink({ folder });
    const log = createLogger({ sinks: [sink], now: fixedNow });
    log.info('hello', { token: 'abc' });
    expect(await readFile(sink.path, 'utf8')).toBe('2026-11-21T08:00:00.000Z [info] (main) hello {"token":"[redacted]"}\n');
    expect((await stat(sink.path)).mode & 0o777).toBe(0o600);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
  });

  it('rotates past maxBytes and keeps at most maxFiles files, newest in main.log', async () => {
    const sink = createRotatingFileSink({ folder, maxBytes: 200, maxFiles: 3 });
    const log = createLogger({ sinks: [sink], now: fixedNow });
    for (let i = 0; i < 40; i += 1) log.info(`line ${String(i).padStart(2, '0')} ${'x'.repeat(40)}`);
    const files = (await readdir(folder)).sort();
    expect(files).toEqual(['main.1.log', 'main.2.log', 'main.log']);
    for (const file of files) expect((await stat(join(folder, file))).size).toBeLessThanOrEqual(200);
    expect(await readFile(join(folder, 'main.log'), 'utf8')).toContain('line 39');
    expect(await readFile(join(folder, 'main.2.log'), 'utf8')).not.toContain('line 39');
  });

  it('continues an existing file after a restart and counts its size', async () => {
    createLogger({ sinks: [createRotatingFileSink({ folder, maxBytes: 120 })], now: fixedNow }).info('first run');
    createLogger({ sinks: [createRotatingFileSink({ folder, maxBytes: 120 })], now: fixedNow }).info('second run');
    expect((await readFile(join(folder, 'main.log'), 'utf8')).split('\n').filter(Boolean)).toHaveLength(2);
    createLogger({ sinks: [createRotatingFileSink({ folder, maxBytes: 120 })], now: fixedNow }).info('third run');
    expect(await readFile(join(folder, 'main.log'), 'utf8')).toContain('third run');
    expect(await readFile(join(folder, 'main.1.log'), 'utf8')).toContain('second run');
  });
});
