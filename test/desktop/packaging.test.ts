// The packaging configuration and the icon set, checked without building
// (the Electron binary cannot be downloaded here).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { APP_ID } from '../../common/app-info';
import { DIAL_LINK_SCHEMES } from '../../common/dial-link';
import type { TrayIcon } from '../../main/desktop/tray-state';

const root = process.cwd();
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;
const section = (name: string) => config[name] as Record<string, unknown>;
const targetNames = (platform: string) =>
  (section(platform)['target'] as (string | { target: string })[]).map((target) => (typeof target === 'string' ? target : target.target));

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe('electron-builder.yml', () => {
  it('names the app and ships only the built output', () => {
    expect(config['appId']).toBe(APP_ID);
    expect(config['productName']).toBe('Agent Softphone');
    expect(config['files']).toContain('out/**');
  });

  it('registers tel, callto and sip', () => {
    const schemes = (config['protocols'] as { schemes: string[] }[]).flatMap((protocol) => protocol.schemes);
    expect(schemes.sort()).toEqual([...DIAL_LINK_SCHEMES].sort());
  });

  it('builds AppImage, deb and rpm, NSIS with the per-user / per-machine choice, and a dmg', () => {
    expect(targetNames('linux').sort()).toEqual(['AppImage', 'deb', 'rpm']);
    expect(targetNames('win')).toEqual(['nsis']);
    expect(section('nsis')).toMatchObject({ oneClick: false, perMachine: false, allowElevation: true });
    expect(targetNames('mac')).toEqual(['dmg']);
  });

  it('asks macOS for the microphone with a reason, and entitles the hardened runtime to it', () => {
    const mac = section('mac');
    expect((mac['extendInfo'] as Record<string, string>)['NSMicrophoneUsageDescription']).toMatch(/microphone/i);
    const entitlements = readFileSync(join(root, mac['entitlements'] as string), 'utf8');
    expect(entitlements).toMatch(/<key>com\.apple\.security\.device\.audio-input<\/key>\s*<true\/>/);
  });

  it("passes electron-builder's own configuration schema", async () => {
    const builderRequire = createRequire(createRequire(join(root, 'package.json')).resolve('electron-builder'));
    const { getConfig, validateConfiguration } = builderRequire('app-builder-lib/out/util/config/config') as {
      getConfig(dir: string, file: string, extra: null): Promise<unknown>;
      validateConfiguration(config: unknown, logger: unknown): Promise<void>;
    };
    const { DebugLogger } = builderRequire('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    const loaded = await getConfig(root, join(root, 'electron-builder.yml'), null);
    await expect(validateConfiguration(loaded, new DebugLogger(false))).resolves.toBeUndefined();
  });
});

describe('icons in build/', () => {
  it('has the Linux set at every size, each PNG as large as its name says', () => {
    for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
      expect(pngSize(readFileSync(join(root, 'build', 'icons', `${size}x${size}.png`)))).toEqual([size, size]);
    }
    expect(pngSize(readFileSync(join(root, 'build', 'icon.png')))).toEqual([1024, 1024]);
  });

  it('has a Windows .ico whose entries are PNGs of the sizes they claim', () => {
    const ico = readFileSync(join(root, section('win')['icon'] as string));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    const sizes: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const entry = 6 + 16 * i;
      const claimed = ico.readUInt8(entry) || 256;
      const [length, offset] = [ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)];
      expect(pngSize(ico.subarray(offset, offset + length))).toEqual([claimed, claimed]);
      sizes.push(claimed);
    }
    expect(sizes).toEqual(expect.arrayContaining([16, 32, 48, 256]));
  });

  it('has a macOS .icns whose chunks add up and hold PNGs up to 1024 px', () => {
    const icns = readFileSync(join(root, section('mac')['icon'] as string));
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const widths: number[] = [];
    for (let offset = 8; offset < icns.length; offset += icns.readUInt32BE(offset + 4)) {
      widths.push(pngSize(icns.subarray(offset + 8, offset + icns.readUInt32BE(offset + 4)))[0]);
    }
    expect(Math.max(...widths)).toBe(1024);
  });

  it('has a 16 px and a 32 px (@2x) tray icon for every tray state', () => {
    const states: TrayIcon[] = ['signed-out', 'registered', 'ringing', 'in-call', 'offline'];
    for (const state of states) {
      expect(pngSize(readFileSync(join(root, 'build', 'tray', `tray-${state}.png`)))).toEqual([16, 16]);
      expect(pngSize(readFileSync(join(root, 'build', 'tray', `tray-${state}@2x.png`)))).toEqual([32, 32]);
    }
    // No two states share an image.
    const images = new Set(states.map((state) => readFileSync(join(root, 'build', 'tray', `tray-${state}.png`)).toString('base64')));
    expect(images.size).toBe(states.length);
    expect(existsSync(join(root, 'build', 'tray', 'tray-ringing.svg'))).toBe(true);
  });
});

describe('Electron fuses (electronFuses in electron-builder.yml)', () => {
  // Every fuse with the value a hardened, packaged softphone needs; a missing or flipped one fails.
  const REQUIRED: Record<string, boolean> = {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    grantFileProtocolExtraPrivileges: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    enableCookieEncryption: true,
  };
  it.each(Object.entries(REQUIRED))('%s is %s', (fuse, value) => {
    expect(section('electronFuses')?.[fuse]).toBe(value);
  });
  it('packs the app into an asar (the integrity fuses check it)', () => {
    expect(config['asar']).toBe(true);
  });
});

describe('updates', () => {
  it('writes app-update.yml for a generic feed whose placeholder address is never asked (IT sets the feed)', () => {
    const publish = config['publish'] as { provider: string; url: string }[];
    expect(publish).toEqual([expect.objectContaining({ provider: 'generic', url: expect.stringMatching(/^https:\/\/[^/]*\.invalid\//u) })]);
  });
});
