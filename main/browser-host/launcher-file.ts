// The page a browser is started on: a file that sends it on to the app's
// address. The address carries a one-time code (one-time-codes.ts), which must
// not be on the browser's command line, where every local user can read it.
// The file lives in the browser's throw-away profile folder (0700) and is
// itself 0600, so only this user can read the code; it is removed with the
// profile, and the code it holds dies at the page's first use or its expiry.
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const LAUNCHER_NAME = 'open-softphone.html';

/** Writes the launcher into `privateDir` (which must be 0700) and returns its file:// address. */
export function writeLauncher(privateDir: string, pageUrl: string): string {
  const mode = statSync(privateDir).mode & 0o777;
  if (process.platform !== 'win32' && mode !== 0o700) throw new Error(`The browser's profile folder ${privateDir} is readable by others (mode ${mode.toString(8)}); the app's address is not written there.`);
  const path = join(privateDir, LAUNCHER_NAME);
  // Created new (never through a link someone placed), owner-only; the umask can only narrow it.
  writeFileSync(path, launcherHtml(pageUrl), { mode: 0o600, flag: 'wx' });
  return pathToFileURL(path).href;
}

/**
 * `location.replace` keeps the launcher out of the window's history, so "Back" never returns to a
 * spent code. The address is a JSON string with `<` escaped: it cannot close the script element.
 */
export function launcherHtml(pageUrl: string): string {
  const target = JSON.stringify(pageUrl).replaceAll('<', '\\u003c');
  return `<!doctype html><meta charset="utf-8"><title>Agent Softphone</title><script>location.replace(${target});</script>\n`;
}
