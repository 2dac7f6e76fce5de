// Renders every icon in build/ from the SVG sources, with rsvg-convert
// (Debian: `apt-get install librsvg2-bin`). Run: `npx tsx build/render-icons.ts`.
// Outputs:
//   build/icon.png             1024 px, the source electron-builder derives from
//   build/icons/<N>x<N>.png    Linux icon set (16 … 1024)
//   build/icon.ico             Windows (PNG-compressed entries, Vista and later)
//   build/icon.icns            macOS (PNG entries ic07 … ic14)
//   build/tray/tray-<state>.png and @2x   tray icons, 16 and 32 px
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const here = import.meta.dirname;
const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
/** icns type → pixel size (the @2x types are the same pixels, a different slot). */
const ICNS_TYPES: [string, number][] = [
  ['ic11', 32], ['ic12', 64], ['ic07', 128], ['ic13', 256], ['ic08', 256], ['ic14', 512], ['ic09', 512], ['ic10', 1024],
];
const TRAY_STATES = ['signed-out', 'registered', 'ringing', 'in-call', 'offline'];

function render(svg: string, size: number): Buffer {
  return execFileSync('rsvg-convert', ['-w', String(size), '-h', String(size), svg]);
}

function ico(images: [number, Buffer][]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(([size, png]) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // 0 means 256
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(([, png]) => png)]);
}

function icns(images: [string, Buffer][]): Buffer {
  const chunks = images.map(([type, png]) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + chunks.reduce((sum, chunk) => sum + chunk.length, 0), 4);
  return Buffer.concat([head, ...chunks]);
}

const appSvg = join(here, 'icon.svg');
const sizes = new Map<number, Buffer>();
for (const size of new Set([...LINUX_SIZES, ...ICO_SIZES, ...ICNS_TYPES.map(([, s]) => s)])) sizes.set(size, render(appSvg, size));
const png = (size: number): Buffer => sizes.get(size) ?? render(appSvg, size);

mkdirSync(join(here, 'icons'), { recursive: true });
for (const size of LINUX_SIZES) writeFileSync(join(here, 'icons', `${size}x${size}.png`), png(size));
writeFileSync(join(here, 'icon.png'), png(1024));
writeFileSync(join(here, 'icon.ico'), ico(ICO_SIZES.map((size) => [size, png(size)])));
writeFileSync(join(here, 'icon.icns'), icns(ICNS_TYPES.map(([type, size]) => [type, png(size)])));

for (const state of TRAY_STATES) {
  const svg = join(here, 'tray', `tray-${state}.svg`);
  readFileSync(svg); // fail loudly if a state has no source
  writeFileSync(join(here, 'tray', `tray-${state}.png`), render(svg, 16));
  writeFileSync(join(here, 'tray', `tray-${state}@2x.png`), render(svg, 32));
}
console.log(`icons rendered in ${here}`);
