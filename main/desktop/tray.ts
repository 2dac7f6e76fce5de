// The tray icon, Electron side: builds Tray + Menu from a TrayState and
// updates them when the state changes. Typed against Electron's own types;
// `index.ts` passes `(path) => new Tray(path)` and `Menu.buildFromTemplate`.
import { join } from 'node:path';
import type { MenuItemConstructorOptions, Tray } from 'electron';
import type { TrayIcon, TrayMenuAction, TrayState } from './tray-state';

export type TrayLike<M> = Pick<Tray, 'setImage' | 'setToolTip' | 'destroy'> & {
  setContextMenu(menu: M | null): void;
  on(event: 'click', listener: () => void): unknown;
};

export interface TrayPorts<M> {
  createTray(iconPath: string): TrayLike<M>;
  buildMenu(template: MenuItemConstructorOptions[]): M;
  iconPath(icon: TrayIcon): string;
  onAction(action: TrayMenuAction): void;
}

export interface TrayController {
  update(state: TrayState): void;
  destroy(): void;
}

export function createTrayController<M>(ports: TrayPorts<M>, initial: TrayState): TrayController {
  const tray = ports.createTray(ports.iconPath(initial.icon));
  // Windows and Linux: a click on the icon shows the window (macOS opens the menu).
  tray.on('click', () => ports.onAction('show'));
  let shown: TrayState | undefined;

  const controller: TrayController = {
    update(state) {
      if (shown && sameState(shown, state)) return;
      if (!shown || shown.icon !== state.icon) tray.setImage(ports.iconPath(state.icon));
      tray.setToolTip(state.tooltip);
      tray.setContextMenu(
        ports.buildMenu(
          state.menu.flatMap((item): MenuItemConstructorOptions[] => [
            ...(item.action === 'quit' || item.action === 'sign-out' ? [{ type: 'separator' as const }] : []),
            { id: item.action, label: item.label, click: () => ports.onAction(item.action) },
          ]),
        ),
      );
      shown = state;
    },
    destroy() {
      tray.destroy();
    },
  };
  controller.update(initial);
  return controller;
}

function sameState(a: TrayState, b: TrayState): boolean {
  return a.icon === b.icon && a.tooltip === b.tooltip && JSON.stringify(a.menu) === JSON.stringify(b.menu);
}

export interface TrayIconLocation {
  readonly isPackaged: boolean;
  /** `process.resourcesPath`: electron-builder copies build/tray there as `tray/`. */
  readonly resourcesPath: string;
  /** `app.getAppPath()`: the project folder in development. */
  readonly appPath: string;
}

/** The PNG for a state (16 px; Electron picks `@2x` beside it on HiDPI screens). */
export function trayIconPath(icon: TrayIcon, where: TrayIconLocation): string {
  const folder = where.isPackaged ? join(where.resourcesPath, 'tray') : join(where.appPath, 'build', 'tray');
  return join(folder, `tray-${icon}.png`);
}
