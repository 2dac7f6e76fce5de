// The main window: options with every security switch on, loading our page,
// and showing/focusing it (used by the single-instance handler and the tray).
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { APP_NAME } from '../../common/app-info';
import { APP_INDEX_URL, APP_ORIGIN } from './app-protocol';
import type { RendererLocation } from './security';

/** `devTools`: false in a packaged build (issue 24), so no shortcut or menu can open them there. */
export function mainWindowOptions(preloadPath: string, { devTools = true }: { devTools?: boolean } = {}): BrowserWindowConstructorOptions {
  return {
    title: APP_NAME,
    width: 1024,
    height: 720,
    minWidth: 400,
    minHeight: 560,
    show: false,
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      navigateOnDragDrop: false,
      devTools,
    },
  };
}

/** The dev server when electron-vite runs one (ELECTRON_RENDERER_URL), else the built page on app:// (never file://). */
export function rendererLocation(devServerUrl: string | undefined): RendererLocation {
  if (devServerUrl) return { kind: 'dev', origin: new URL(devServerUrl).origin };
  return { kind: 'app', origin: APP_ORIGIN, indexUrl: APP_INDEX_URL };
}

export function loadRenderer(window: Pick<BrowserWindow, 'loadURL'>, location: RendererLocation, devServerUrl?: string): Promise<void> {
  return window.loadURL(location.kind === 'dev' ? (devServerUrl ?? location.origin) : location.indexUrl);
}

type ShowableWindow = Pick<BrowserWindow, 'isMinimized' | 'restore' | 'show' | 'focus' | 'isDestroyed'>;

/** Brings the window to the front (restoring it if minimised). */
export function showAndFocus(window: ShowableWindow | null | undefined): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
