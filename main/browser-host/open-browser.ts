// Opens the app's page in a local Chromium-family browser as an app window,
// with its own throw-away profile. Returns false when there is no browser or
// no display, so the caller prints the address instead.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeLauncher } from './launcher-file';
import { mediaSwitches } from './loopback-media';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export function findBrowser(): string | undefined {
  return CANDIDATES.find((path) => existsSync(path));
}

export function hasDisplay(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): boolean {
  return platform !== 'linux' || Boolean(env['DISPLAY'] || env['WAYLAND_DISPLAY']);
}

export interface BrowserLaunch {
  /** The instance is the built-in simulator (media on loopback). */
  builtInSimulator: boolean;
  /** More switches after the app's own (tests: headless, and no sandbox as root). */
  extraSwitches?: readonly string[];
}

/**
 * The browser's argument list: an app window on `launcherUrl` (the private file that forwards to
 * the page, never the page's address with its code) with its own profile.
 */
export function browserArguments(launcherUrl: string, profile: string, launch: BrowserLaunch): string[] {
  return [
    `--app=${launcherUrl}`, `--user-data-dir=${profile}`, '--no-first-run', '--disable-sync', '--window-size=1024,720',
    ...mediaSwitches(launch.builtInSimulator), ...(launch.extraSwitches ?? []),
  ];
}

/**
 * Starts the browser on its own throw-away profile, which is deleted when the browser exits or
 * when `removeProfile()` is called (the host stopping), so no page state outlives the run.
 * The page address carries a one-time code; it goes into a launcher file inside the profile
 * (a folder only this user can open), never onto the command line, where any local user reads
 * it in /proc/<pid>/cmdline and can redeem it first.
 */
export function openInBrowser(url: string, browser: string, launch: BrowserLaunch): { child: ChildProcess; profile: string; removeProfile(): void } {
  // mkdtemp makes the folder 0700: other users can neither list it nor read the launcher in it.
  const profile = mkdtempSync(join(tmpdir(), 'agent-softphone-browser-'));
  const launcherUrl = writeLauncher(profile, url);
  const child = spawn(browser, browserArguments(launcherUrl, profile, launch), { stdio: 'ignore' });
  const removeProfile = () => {
    try {
      rmSync(profile, { recursive: true, force: true });
    } catch {
      // Still being written (see below); left owner-only in the temporary folder.
    }
  };
  // Chromium's helper processes go on writing to the profile for a moment after its main process exits (a
  // removal then fails with ENOTEMPTY, or a file comes back): retry for a few seconds, never throw.
  child.on('exit', () => void removeWhenQuiet(profile));
  process.once('exit', removeProfile);
  return { child, profile, removeProfile };
}

/** Removes the folder, again until it stays gone for a moment; gives up after about 10 s. */
async function removeWhenQuiet(folder: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await rm(folder, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 }).catch(() => undefined);
    await sleep(400);
    if (!existsSync(folder)) return;
  }
}
