// startWorkstation: the workstation glue around the window, driven with fakes
// of the Electron objects (tray, notifications, global shortcuts, app, window).
import type { Say } from '../../common/i18n/dictionary';
import { english, speak } from '../../common/i18n/say';
import type { Event, MenuItemConstructorOptions, NotificationConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS, IpcFailure, SIGNED_OUT,
  type PhoneCommand, type PhoneStatus, type SessionView, type Settings, type SignInRequest,
} from '../../common/ipc-contract';
import type { Autostart } from '../../main/desktop/autostart';
import type { Timers } from '../../main/desktop/autostart-sign-in';
import type { NotificationLike } from '../../main/desktop/notifications';
import type { TrayLike } from '../../main/desktop/tray';
import { startWorkstation, type WorkstationDeps } from '../../main/desktop/workstation';
import type { ConnectivitySource } from '../../main/ipc';
import { createLogger } from '../../main/services/logging';

type Menu = MenuItemConstructorOptions[];
type Listener<T> = (value: T) => void;

function listeners<T>() {
  const set = new Set<Listener<T>>();
  return {
    on: (listener: Listener<T>) => {
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit: (value: T) => [...set].forEach((listener) => listener(value)),
  };
}

const SIGNED_IN: SessionView = {
  state: 'signed-in',
  agent: { name: 'ana', fullname: 'Ana García', extension: '1001', campaigns: [] },
  sip: null,
  apiUser: null,
  instanceUrl: 'https://acme.example',
};
const RINGING: PhoneStatus = { registration: 'registered', call: { id: 'c1', state: 'ringing', caller: '099123456', campaign: 'Soporte<-' } };

function fakeEvent() {
  let prevented = false;
  const event = { preventDefault: () => void (prevented = true), defaultPrevented: false } as Event;
  return { event, prevented: () => prevented };
}

function setup(options: { argv?: string[]; isPackaged?: boolean; settings?: Partial<Settings>; signIn?: () => Promise<unknown>; remembered?: boolean } = {}) {
  let settings: Settings = { ...DEFAULT_SETTINGS, ...options.settings };
  const settingsChanged = listeners<Settings>();
  let view: SessionView = SIGNED_OUT;
  const sessionChanged = listeners<SessionView>();
  const connectivityChanged = listeners<{ state: 'online' | 'offline' }>();
  const applied: boolean[] = [];
  const commands: PhoneCommand[] = [];
  const shown: string[] = [];
  const signIns: SignInRequest[] = [];
  const tray: { tooltip: string; menu: Menu; image: string } = { tooltip: '', menu: [], image: '' };
  const notifications: { options: NotificationConstructorOptions; shown: boolean; closed: boolean; click?: () => void }[] = [];
  const shortcuts = new Map<string, () => void>();
  const quitListeners: ((event: Event) => void)[] = [];
  const closeListeners: ((event: Event) => void)[] = [];
  const prompts: string[] = [];
  const pending: (() => void)[] = [];
  const shortcutProblems: (readonly Say[])[] = [];
  let confirmAnswer = 0;
  let hidden = false;
  let quits = 0;
  const connectivity: ConnectivitySource & { state: 'online' | 'offline' } = {
    state: 'online',
    onChange: (listener) => connectivityChanged.on(listener),
  };
  const autostart: Autostart = {
    entryPath: null,
    apply: async (enabled) => {
      applied.push(enabled);
      return { ok: true };
    },
    isEnabled: async () => applied.at(-1) ?? false,
    startedByAutostart: (argv) => argv.includes('--autostart'),
  };
  const timers: Timers = { setTimeout: (callback) => pending.push(callback), clearTimeout: () => undefined };
  const trayFake: TrayLike<Menu> = {
    setImage: (image) => void (tray.image = String(image)),
    setToolTip: (text) => void (tray.tooltip = text),
    setContextMenu: (menu) => void (tray.menu = menu ?? []),
    destroy: () => undefined,
    on: () => trayFake,
  };

  const deps: WorkstationDeps<Menu> = {
    platform: 'linux',
    isPackaged: options.isPackaged ?? true,
    argv: options.argv ?? ['/opt/agent-softphone'],
    autostart,
    settings: { get: () => settings, onChange: (listener) => settingsChanged.on(listener) },
    session: {
      view: () => view,
      onChange: (listener) => sessionChanged.on(listener),
      signIn: async (request) => {
        signIns.push(request);
        await (options.signIn ?? (async () => undefined))();
        view = SIGNED_IN;
        sessionChanged.emit(view);
        return view;
      },
      signOut: async () => {
        view = SIGNED_OUT;
        sessionChanged.emit(view);
        return view;
      },
    },
    connectivity,
    rememberedSignIn: () => (options.remembered === false ? null : { agent: 'ana', password: '', remember: true, language: 'es' }),
    app: {
      on: (_event: 'before-quit', listener: (event: Event) => void) => quitListeners.push(listener),
      quit: () => void (quits += 1),
    },
    window: { on: (_event: 'close', listener: (event: Event) => void) => closeListeners.push(listener), hide: () => void (hidden = true) },
    showWindow: () => void shown.push('show'),
    tray: { createTray: () => trayFake, buildMenu: (template) => template, iconPath: (icon) => `/icons/tray-${icon}.png` },
    notifications: {
      isSupported: () => true,
      create: (options) => {
        const record: (typeof notifications)[number] = { options, shown: false, closed: false };
        notifications.push(record);
        const notification: NotificationLike = {
          show: () => void (record.shown = true),
          close: () => void (record.closed = true),
          on: (event: 'click' | 'action', listener: (event: Event, index: number) => void) => {
            if (event === 'click') record.click = () => listener(fakeEvent().event, 0);
            return notification;
          },
        };
        return notification;
      },
    },
    globalShortcut: {
      register: (accelerator, callback) => (shortcuts.has(accelerator) ? false : (shortcuts.set(accelerator, callback), true)),
      unregister: (accelerator) => void shortcuts.delete(accelerator),
    },
    confirm: (prompt) => {
      prompts.push(prompt.message);
      return confirmAnswer;
    },
    sendCommand: (command) => void commands.push(command),
    onShortcutProblems: (problems) => void shortcutProblems.push(problems),
    logger: createLogger({ sinks: [] }),
    timers,
  };
  const workstation = startWorkstation(deps);
  const menuItem = (id: string) => tray.menu.find((item) => item.id === id);
  return {
    workstation, tray, notifications, shortcuts, shortcutProblems, commands, shown, applied, signIns, prompts, pending, connectivity,
    menuItem,
    clickMenu: (id: string) => (menuItem(id)?.click as (() => void) | undefined)?.(),
    setSettings(patch: Partial<Settings>) {
      settings = { ...settings, ...patch };
      settingsChanged.emit(settings);
    },
    signInByHand() {
      view = SIGNED_IN;
      sessionChanged.emit(view);
    },
    goOnline() {
      connectivity.state = 'online';
      connectivityChanged.emit({ state: 'online' });
    },
    beforeQuit() {
      const event = fakeEvent();
      quitListeners.forEach((listener) => listener(event.event));
      return event.prevented();
    },
    closeWindow() {
      const event = fakeEvent();
      closeListeners.forEach((listener) => listener(event.event));
      return { prevented: event.prevented(), hidden };
    },
    answerQuit: (index: number) => void (confirmAnswer = index),
    quits: () => quits,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startWorkstation', () => {
  it('applies start-at-login only for packaged builds, again when the setting changes', () => {
    expect(setup({ isPackaged: false }).applied).toEqual([false]);
    const app = setup({ isPackaged: true });
    expect(app.applied).toEqual([true]);
    app.setSettings({ language: 'en' });
    expect(app.applied).toEqual([true]);
    app.setSettings({ autostart: false });
    expect(app.applied).toEqual([true, false]);
  });

  it('a ringing call: tray shows it, a notification shows caller and campaign, tray Answer answers that call', () => {
    const app = setup();
    app.signInByHand();
    app.workstation.onPhoneStatus(RINGING);
    expect(app.tray.image).toBe('/icons/tray-ringing.png');
    expect(app.tray.tooltip).toContain('099123456');
    expect(app.notifications).toHaveLength(1);
    expect(app.notifications[0]!.options.body).toContain('Soporte');
    expect(app.notifications[0]!.shown).toBe(true);

    app.clickMenu('answer');
    expect(app.commands).toEqual([{ command: 'answer', callId: 'c1' }]);
    expect(app.shown).toEqual(['show']);
    app.notifications[0]!.click?.();
    expect(app.commands.at(-1)).toEqual({ command: 'show-call', callId: 'c1' });

    app.workstation.onPhoneStatus({ registration: 'registered', call: { ...RINGING.call!, state: 'in-call' } });
    expect(app.notifications[0]!.closed).toBe(true);
    expect(app.tray.image).toBe('/icons/tray-in-call.png');
    app.clickMenu('hang-up');
    expect(app.commands.at(-1)).toEqual({ command: 'hang-up', callId: 'c1' });
  });

  it('global shortcuts follow the settings; hang-up on a ringing call rejects it', () => {
    const app = setup();
    expect(app.shortcuts.size).toBe(0);
    app.setSettings({ answerShortcut: 'CommandOrControl+Alt+A', hangUpShortcut: 'CommandOrControl+Alt+H' });
    expect([...app.shortcuts.keys()].sort()).toEqual(['CommandOrControl+Alt+A', 'CommandOrControl+Alt+H']);
    app.workstation.onPhoneStatus(RINGING);
    app.shortcuts.get('CommandOrControl+Alt+H')!();
    expect(app.commands).toEqual([{ command: 'reject', callId: 'c1' }]);
    expect(app.shortcutProblems.at(-1)).toEqual([]);
    app.setSettings({ answerShortcut: '', hangUpShortcut: '' });
    expect(app.shortcuts.size).toBe(0);
    // A bare letter would swallow typing everywhere; an accelerator another app holds cannot be had.
    app.shortcuts.set('Control+Alt+H', () => undefined);
    app.setSettings({ answerShortcut: 'A', hangUpShortcut: 'Control+Alt+H' });
    expect(app.shortcutProblems.at(-1)).toHaveLength(2);
    expect(english(app.shortcutProblems.at(-1)![1]!)).toContain('another application');
    expect(speak('es', app.shortcutProblems.at(-1)![1]!)).toMatch(/^No se pudo registrar el atajo para colgar .*otra aplicación/u);
  });

  it('closing the window hides it while signed in; quitting during a call asks first', () => {
    const app = setup();
    expect(app.closeWindow().prevented).toBe(false);
    app.signInByHand();
    expect(app.closeWindow()).toEqual({ prevented: true, hidden: true });

    app.workstation.onPhoneStatus(RINGING);
    app.answerQuit(0);
    expect(app.beforeQuit()).toBe(true);
    expect(app.prompts).toHaveLength(1);
    app.answerQuit(1);
    expect(app.beforeQuit()).toBe(true);
    expect(app.quits()).toBe(1);
  });

  it('started by autostart: signs in with the remembered agent, waits offline in the tray, retries when the network is back', async () => {
    let failures = 1;
    const app = setup({
      argv: ['/opt/agent-softphone', '--autostart'],
      signIn: async () => {
        if (failures-- > 0) throw new IpcFailure({ code: 'instance-unreachable', message: 'The instance could not be reached.' });
      },
    });
    expect(app.workstation.startedByAutostart).toBe(true);
    await flush();
    expect(app.signIns).toEqual([{ agent: 'ana', password: '', remember: true, language: 'es' }]);
    expect(app.tray.tooltip).toContain('sin conexión — reintentando');
    expect(app.pending).toHaveLength(1);

    app.goOnline();
    await flush();
    expect(app.signIns).toHaveLength(2);
    expect(app.tray.image).toBe('/icons/tray-offline.png'); // signed in, phone not registered yet
    app.workstation.onPhoneStatus({ registration: 'registered', call: null });
    expect(app.tray.image).toBe('/icons/tray-registered.png');
  });

  it('started by hand, or with nothing remembered, it never signs in by itself', async () => {
    expect(setup().signIns).toEqual([]);
    const app = setup({ argv: ['/opt/agent-softphone', '--autostart'], remembered: false });
    await flush();
    expect(app.signIns).toEqual([]);
  });
});
