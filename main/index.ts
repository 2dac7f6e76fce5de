// Composition root for Electron. Kept thin: everything testable lives in
// services/, ipc/ and desktop/.
import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';
import { APP_NAME } from '../common/app-info';

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    title: APP_NAME,
    width: 420,
    height: 720,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.mjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  if (process.env['ELECTRON_RENDERER_URL']) void window.loadURL(process.env['ELECTRON_RENDERER_URL']);
  else void window.loadFile(join(import.meta.dirname, '../renderer/index.html'));
  return window;
}

void app.whenReady().then(() => {
  createWindow();
});
app.on('window-all-closed', () => app.quit());
