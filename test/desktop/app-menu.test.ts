// Issue 24: the app's own menu, as plain data (no Electron binary here). A
// packaged build has no item whose role reloads the page or opens the
// developer tools, nor any accelerator that does; a development build keeps them.
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { appMenuTemplate, RELOAD_AND_DEVTOOLS_ROLES } from '../../main/desktop/app-menu';

function allItems(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? allItems(item.submenu) : [])]);
}

const RELOADING_KEYS = /^(CmdOrCtrl|CommandOrControl|Ctrl|Control|Cmd|Command)\+(Shift\+)?R$|^F5$|^(CmdOrCtrl|CommandOrControl|Ctrl|Control|Cmd|Command)\+(Shift|Alt)\+I$|^F12$/i;

describe('application menu', () => {
  it.each(['linux', 'win32', 'darwin'] as const)('packaged on %s: no reload, no developer tools, editing kept', (platform) => {
    const items = allItems(appMenuTemplate({ packaged: true, platform }));
    const roles = items.map((i) => i.role).filter((r) => r !== undefined);
    for (const role of RELOAD_AND_DEVTOOLS_ROLES) expect(roles).not.toContain(role);
    // Electron's default menu (installed when the app sets none) has these: the app replaces it whole.
    expect(roles).not.toContain('fileMenu');
    expect(items.filter((i) => typeof i.accelerator === 'string' && RELOADING_KEYS.test(i.accelerator))).toEqual([]);
    expect(roles).toEqual(expect.arrayContaining(['copy', 'paste', 'cut', 'selectAll', 'undo']));
    expect(roles.includes('appMenu')).toBe(platform === 'darwin');
  });

  it('in development keeps reload and the developer tools', () => {
    const roles = allItems(appMenuTemplate({ packaged: false, platform: 'linux' })).map((i) => i.role);
    expect(roles).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']));
  });
});
