// Linux autostart: an XDG Desktop Entry in `$XDG_CONFIG_HOME/autostart/`
// (https://specifications.freedesktop.org/autostart-spec/) that the app writes
// when the setting is on and removes when it is off. Plain Node, no Electron.
// The entry is read the one safe way (a FIFO in its place would hang the
// read): anything but a regular file of at most 64 KB counts as no entry.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { readRegularFile } from '../services/files';

/** Ours is under 1 KB; an entry someone edited by hand stays far below this. */
const MAX_DESKTOP_ENTRY_BYTES = 64 * 1024;

/** The entry's text, or null when there is none (or none the app may use). */
async function readEntry(path: string): Promise<string | null> {
  const read = await readRegularFile(path, MAX_DESKTOP_ENTRY_BYTES);
  return read.ok ? read.bytes.toString('utf8') : null;
}

export interface XdgLocation {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homedir: string;
  readonly appId: string;
}

/** `$XDG_CONFIG_HOME/autostart/<app-id>.desktop`; a relative or empty XDG_CONFIG_HOME is ignored, per the spec. */
export function xdgAutostartPath({ env, homedir, appId }: XdgLocation): string {
  const configured = env['XDG_CONFIG_HOME'];
  const configHome = configured && isAbsolute(configured) ? configured : join(homedir, '.config');
  return join(configHome, 'autostart', `${appId}.desktop`);
}

export interface DesktopEntry {
  readonly name: string;
  readonly comment: string;
  /** The program and its arguments, unquoted; quoting is done here. */
  readonly command: readonly string[];
  readonly icon: string;
}

/** The text of the entry. Every value is escaped; Exec is quoted per the Desktop Entry spec. */
export function desktopEntryText(entry: DesktopEntry): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.5',
    `Name=${escapeValue(entry.name)}`,
    `Comment=${escapeValue(entry.comment)}`,
    `Exec=${escapeValue(entry.command.map(quoteExecArgument).join(' '))}`,
    `Icon=${escapeValue(entry.icon)}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/** Characters that force an Exec argument into double quotes (Desktop Entry spec, "The Exec key"). */
const RESERVED = /[\s"'\\><~|&;$*?#()`]/u;

/**
 * Quotes one Exec argument. Inside double quotes `"`, `` ` ``, `$` and `\`
 * take a backslash; a literal `%` is `%%` everywhere (field codes).
 */
export function quoteExecArgument(argument: string): string {
  const percent = argument.replace(/%/gu, '%%');
  if (percent !== '' && !RESERVED.test(percent)) return percent;
  return `"${percent.replace(/["`$\\]/gu, '\\$&')}"`;
}

/**
 * The string escapes of every Desktop Entry value, applied after quoting:
 * so a backslash inside a quoted argument ends up as four in the file.
 */
function escapeValue(value: string): string {
  return value.replace(/\\/gu, '\\\\').replace(/\n/gu, '\\n').replace(/\t/gu, '\\t').replace(/\r/gu, '\\r');
}

/** Writes (or rewrites, if different) the entry; atomic so a session never reads half a file. */
export async function writeXdgAutostart(path: string, text: string): Promise<'written' | 'unchanged'> {
  const current = await readEntry(path);
  if (current === text) return 'unchanged';
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, text, { mode: 0o644 });
  await rename(temporary, path);
  return 'written';
}

export async function removeXdgAutostart(path: string): Promise<'removed' | 'absent'> {
  const existed = (await readEntry(path)) !== null;
  await rm(path, { force: true });
  return existed ? 'removed' : 'absent';
}

export async function isXdgAutostartPresent(path: string): Promise<boolean> {
  const text = await readEntry(path);
  return text !== null && !/^Hidden\s*=\s*true\s*$/mu.test(text);
}
