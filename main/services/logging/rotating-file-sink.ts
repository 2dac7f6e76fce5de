// Log files in the user's log folder: `main.log`, rotated to `main.1.log` …
// `main.<N-1>.log` when it grows past `maxBytes`, so the folder never holds
// more than N files. Plain Node; appends synchronously so the last lines
// before a crash are on disk. Folder 0700, files 0600: logs are the user's.
import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { LogSink, RedactedLine } from './logger';

export interface RotatingFileOptions {
  readonly folder: string;
  readonly baseName?: string;
  readonly maxBytes?: number;
  readonly maxFiles?: number;
}

export interface RotatingFileSink extends LogSink {
  /** The file being written now. */
  readonly path: string;
}

export function createRotatingFileSink(options: RotatingFileOptions): RotatingFileSink {
  const baseName = options.baseName ?? 'main';
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const maxFiles = Math.max(1, options.maxFiles ?? 5);
  const fileAt = (index: number) => join(options.folder, index === 0 ? `${baseName}.log` : `${baseName}.${index}.log`);
  const path = fileAt(0);
  let size: number | undefined;

  const rotate = () => {
    rmSync(fileAt(maxFiles - 1), { force: true });
    for (let index = maxFiles - 2; index >= 0; index -= 1) {
      if (existsSync(fileAt(index))) renameSync(fileAt(index), fileAt(index + 1));
    }
    size = 0;
  };

  return {
    path,
    write(line: RedactedLine) {
      const text = `${line}\n`;
      const bytes = Buffer.byteLength(text, 'utf8');
      if (size === undefined) {
        mkdirSync(options.folder, { recursive: true, mode: 0o700 });
        size = existsSync(path) ? statSync(path).size : 0;
      }
      if (size > 0 && size + bytes > maxBytes) {
        if (maxFiles === 1) rmSync(path, { force: true });
        else rotate();
        size = 0;
      }
      appendFileSync(path, text, { mode: 0o600 });
      size += bytes;
    },
  };
}
