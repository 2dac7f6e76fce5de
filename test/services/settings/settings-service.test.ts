import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../common/ipc-contract';
import { createJsonFileSettingsStorage, createSettingsService } from '../../../main/services/settings';

let dir: string;
let file: string;
const fixedNow = () => new Date('2026-11-21T10:00:00.000Z');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'settings-test-'));
  file = join(dir, 'settings.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const service = () => createSettingsService(createJsonFileSettingsStorage(file, fixedNow));

describe('settings service', () => {
  it('starts from the defaults when no file exists, without a problem', () => {
    const settings = service();
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);
    expect(settings.loadProblem).toBeNull();
  });

  it('saves an update and reads it back in a new service', () => {
    service().update({ language: 'en', rememberedAgent: 'ana.garcia' });
    const again = service().get();
    expect(again.language).toBe('en');
    expect(again.rememberedAgent).toBe('ana.garcia');
  });

  it('tells listeners about changes', () => {
    const settings = service();
    const seen: string[] = [];
    settings.onChange((s) => seen.push(s.language));
    settings.update({ language: 'en' });
    expect(seen).toEqual(['en']);
  });

  it('refuses an invalid update and keeps the previous value', () => {
    const settings = service();
    expect(() => settings.update({ instanceUrl: 'ftp://nope' })).toThrow();
    expect(settings.get().instanceUrl).toBe('');
  });

  it('fills keys missing from an older file with defaults and drops unknown keys', () => {
    writeFileSync(file, JSON.stringify({ language: 'en', somethingOld: 1 }));
    const settings = service();
    expect(settings.get()).toEqual({ ...DEFAULT_SETTINGS, language: 'en' });
    expect(settings.loadProblem).toBeNull();
  });

  it.each(['encrypted-disk', 'memory-only'] as const)(
    'moves the old "tokenPolicy": "%s" (token storage) to tokenStorage on load, keeping the other settings',
    (old) => {
      writeFileSync(file, JSON.stringify({ language: 'en', rememberedAgent: 'ana.garcia', tokenPolicy: old }));
      const settings = service();
      expect(settings.loadProblem).toBeNull();
      expect(settings.get()).toEqual({ ...DEFAULT_SETTINGS, language: 'en', rememberedAgent: 'ana.garcia', tokenStorage: old, tokenPolicy: {} });
      expect(readdirSync(dir)).toEqual(['settings.json']);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ tokenStorage: old, tokenPolicy: {} });
    },
  );

  it('keeps a per-operation token policy and reads it back', () => {
    service().update({ tokenPolicy: { getCampaigns: 'client', dialerTask: 'agent' } });
    expect(service().get().tokenPolicy).toEqual({ getCampaigns: 'client', dialerTask: 'agent' });
  });

  it.each([
    ['not JSON at all', '{"language": "en",,,'],
    ['a wrong type in a field', JSON.stringify({ language: 'fr' })],
    ['an array instead of an object', '[1,2,3]'],
    ['an instance address that is not http(s)', JSON.stringify({ instanceUrl: 'javascript:alert(1)' })],
  ])('sets aside a file with %s, reports it and uses defaults', (_case, content) => {
    writeFileSync(file, content);
    const settings = service();
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);
    expect(settings.loadProblem).toMatch(/Settings could not be loaded/);
    const aside = join(dir, 'settings.corrupt-2026-11-21T10-00-00-000Z.json');
    expect(settings.loadProblem).toContain(aside);
    expect(readFileSync(aside, 'utf8')).toBe(content);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(DEFAULT_SETTINGS);
    expect(readdirSync(dir).sort()).toEqual(['settings.corrupt-2026-11-21T10-00-00-000Z.json', 'settings.json']);
  });
});
