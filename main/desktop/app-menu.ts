// The application menu (issue 24). Without one Electron installs its default,
// whose accelerators reload the page (Ctrl+R, F5) and open the developer
// tools (Ctrl+Shift+I) in the packaged app: a reload in the middle of a call
// is what issue 24 is about, and developer tools are not for agents. So the
// app sets its own: editing (copy and paste in the forms, also on macOS) and
// the window; reload and developer tools only in a build that is not packaged.
// The template is plain data (tested without Electron); index.ts builds it.
import type { MenuItemConstructorOptions } from 'electron';

export interface AppMenuInput {
  /** `app.isPackaged`. */
  packaged: boolean;
  /** `process.platform`: macOS keeps the app's own menu first. */
  platform: NodeJS.Platform;
}

export function appMenuTemplate({ packaged, platform }: AppMenuInput): MenuItemConstructorOptions[] {
  const menu: MenuItemConstructorOptions[] = [];
  if (platform === 'darwin') menu.push({ role: 'appMenu' });
  menu.push({
    role: 'editMenu',
    submenu: [{ role: 'undo' }, { role: 'redo' }, { type: 'separator' }, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }],
  });
  menu.push({ role: 'windowMenu', submenu: [{ role: 'minimize' }, { role: 'close' }] });
  if (!packaged) menu.push({ label: 'Development', submenu: [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }] });
  return menu;
}

/** Roles whose default accelerators reload the page or open the developer tools (what a packaged menu must not hold). */
export const RELOAD_AND_DEVTOOLS_ROLES = ['reload', 'forceReload', 'toggleDevTools', 'viewMenu'] as const;
