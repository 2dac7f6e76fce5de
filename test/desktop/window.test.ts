import { describe, expect, it } from 'vitest';
import { loadRenderer, mainWindowOptions, rendererLocation, showAndFocus } from '../../main/desktop/window';

describe('main window', () => {
  it('has every security switch on', () => {
    const prefs = mainWindowOptions('/app/out/preload/index.cjs').webPreferences!;
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('keeps the developer tools out of a packaged build (issue 24), not out of development', () => {
    expect(mainWindowOptions('/p.cjs', { devTools: false }).webPreferences?.devTools).toBe(false);
    expect(mainWindowOptions('/p.cjs').webPreferences?.devTools).toBe(true);
  });

  it('loads the built page from app://renderer (never file://), or the dev server when one runs', async () => {
    const loaded: string[] = [];
    const window = { loadURL: async (url: string) => void loaded.push(url) };
    await loadRenderer(window, rendererLocation(undefined));
    await loadRenderer(window, rendererLocation('http://localhost:5173/'), 'http://localhost:5173/');
    expect(loaded).toEqual(['app://renderer/index.html', 'http://localhost:5173/']);
  });

  it('restores, shows and focuses the window; ignores a destroyed one', () => {
    const calls: string[] = [];
    const window = (minimized: boolean, destroyed = false) => ({
      isMinimized: () => minimized,
      isDestroyed: () => destroyed,
      restore: () => void calls.push('restore'),
      show: () => void calls.push('show'),
      focus: () => void calls.push('focus'),
    });
    showAndFocus(window(true));
    expect(calls).toEqual(['restore', 'show', 'focus']);
    calls.length = 0;
    showAndFocus(window(false, true));
    showAndFocus(null);
    expect(calls).toEqual([]);
  });
});
