// Opens the app's page in a local Chromium-family browser as an app window,
// with its own throw-away profile. Returns false when there is no browser or
// no display, so the caller prints the address instead.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
}

/** The browser's argument list: an app window on `url` with its own profile. */
export function browserArguments(url: string, profile: string, launch: BrowserLaunch): string[] {
  return [`--app=${url}`, `--user-data-dir=${profile}`, '--no-first-run', '--disable-sync', '--window-size=1024,720', ...mediaSwitches(launch.builtInSimulator)];
}

/**
 * Starts the browser on its own throw-away profile, which is deleted when the browser exits or
 * when `removeProfile()` is called (the host stopping), so no page state outlives the run.
 */
export function openInBrowser(url: string, browser: string, launch: BrowserLaunch): { child: ChildProcess; profile: string; removeProfile(): void } {
  const profile = mkdtempSync(join(tmpdir(), 'agent-softphone-browser-'));
  const child = spawn(browser, browserArguments(url, profile, launch), { stdio: 'ignore' });
  const removeProfile = () => rmSync(profile, { recursive: true, force: true });
  child.on('exit', removeProfile);
  process.once('exit', removeProfile);
  return { child, profile, removeProfile };
}
