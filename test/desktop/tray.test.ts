import type { App, BrowserWindow, Event, Menu, MenuItemConstructorOptions, Tray } from 'electron';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PhoneCall } from '../../common/ipc/workstation';
import { createTrayController, trayIconPath, type TrayLike } from '../../main/desktop/tray';
import { guardQuit, hideToTrayOnClose, type HideableWindow, type QuitGuardApp } from '../../main/desktop/tray-lifecycle';
import { trayStateFor, type TrayMenuAction } from '../../main/desktop/tray-state';
import { closeAction, quitPrompt } from '../../main/desktop/tray-window-policy';

type FakeMenu = { template: MenuItemConstructorOptions[] };

function fakeTray() {
  const calls: string[] = [];
  let click: (() => void) | undefined;
  let menu: FakeMenu | null = null;
  const tray: TrayLike<FakeMenu> = {
    setImage: (image) => void calls.push(`image ${String(image)}`),
    setToolTip: (text) => void calls.push(`tooltip ${text}`),
    setContextMenu: (m) => {
      menu = m;
      calls.push('menu');
    },
    destroy: () => void calls.push('destroy'),
    on: (_event, listener) => {
      click = listener;
      return tray;
    },
  };
  return { tray, calls, click: () => click?.(), menu: () => menu };
}

function fakeEvent(): Event & { prevented: () => boolean } {
  let prevented = false;
  return {
    preventDefault: () => {
      prevented = true;
    },
    defaultPrevented: false,
    prevented: () => prevented,
  };
}

const base = { signedIn: true, registration: 'registered' as const, call: null, offline: false, language: 'en' as const };
const ringing: PhoneCall = { id: 'c7', state: 'ringing', caller: '099', campaign: null };

describe('createTrayController', () => {
  it('is typed so the real Tray fits', () => {
    expectTypeOf<Tray>().toExtend<TrayLike<Menu>>();
  });

  it('builds the tray from the state, updates on change only, and routes menu clicks', () => {
    const fake = fakeTray();
    const actions: TrayMenuAction[] = [];
    const controller = createTrayController(
      {
        createTray: (path) => {
          fake.calls.push(`create ${path}`);
          return fake.tray;
        },
        buildMenu: (template) => ({ template }),
        iconPath: (icon) => `/icons/${icon}.png`,
        onAction: (action) => actions.push(action),
      },
      trayStateFor({ ...base, signedIn: false }),
    );
    expect(fake.calls).toEqual(['create /icons/signed-out.png', 'image /icons/signed-out.png', 'tooltip Agent Softphone — signed out', 'menu']);
    expect(fake.menu()?.template.map((i) => i.id ?? i.type)).toEqual(['show', 'separator', 'quit']);

    fake.calls.length = 0;
    controller.update(trayStateFor({ ...base, signedIn: false }));
    expect(fake.calls).toEqual([]);

    controller.update(trayStateFor({ ...base, call: ringing }));
    expect(fake.calls).toEqual(['image /icons/ringing.png', 'tooltip Agent Softphone — incoming call from 099', 'menu']);
    const template = fake.menu()!.template;
    expect(template.map((i) => i.label ?? i.type)).toEqual(['Show', 'Answer', 'Reject', 'separator', 'Sign out', 'separator', 'Quit']);
    for (const item of template) item.click?.({} as never, undefined, {} as never);
    expect(actions).toEqual(['show', 'answer', 'hang-up', 'sign-out', 'quit']);

    fake.click();
    expect(actions.at(-1)).toBe('show');
    controller.destroy();
    expect(fake.calls.at(-1)).toBe('destroy');
  });

  it('finds icons in resources when packaged and in build/tray in development', () => {
    expect(trayIconPath('ringing', { isPackaged: true, resourcesPath: '/opt/a/resources', appPath: '/x' })).toBe('/opt/a/resources/tray/tray-ringing.png');
    expect(trayIconPath('offline', { isPackaged: false, resourcesPath: '/r', appPath: '/src/app' })).toBe('/src/app/build/tray/tray-offline.png');
  });
});

describe('closing and quitting', () => {
  it('is typed so the real app and window fit', () => {
    expectTypeOf<App>().toExtend<QuitGuardApp>();
    expectTypeOf<BrowserWindow>().toExtend<HideableWindow>();
  });

  it.each([
    [true, true, false, 'hide'],
    [true, false, false, 'close'],
    [false, true, false, 'close'],
    [true, true, true, 'close'],
  ] as const)('closeToTray=%s signedIn=%s quitting=%s → %s', (closeToTray, signedIn, quitting, action) => {
    expect(closeAction({ closeToTray, signedIn, quitting })).toBe(action);
  });

  function fakeApp() {
    let beforeQuit: ((event: Event) => void) | undefined;
    const app: QuitGuardApp & { quits: number; emit: () => ReturnType<typeof fakeEvent> } = {
      quits: 0,
      on: (_e, listener) => {
        beforeQuit = listener;
        return app;
      },
      quit: () => {
        app.quits += 1;
        app.emit();
      },
      emit: () => {
        const event = fakeEvent();
        beforeQuit?.(event);
        return event;
      },
    };
    return app;
  }

  it('quits without asking when there is no call', () => {
    const app = fakeApp();
    const prompts: unknown[] = [];
    const guard = guardQuit(app, { currentCall: () => null, language: () => 'en', confirm: (p) => prompts.push(p) });
    expect(app.emit().prevented()).toBe(false);
    expect(prompts).toEqual([]);
    expect(guard.isQuitting()).toBe(true);
  });

  it('asks during a call; Stay keeps the app running, Quit quits once', () => {
    const app = fakeApp();
    let answer = 0;
    const prompts: string[] = [];
    const guard = guardQuit(app, {
      currentCall: () => ({ ...ringing, state: 'in-call' }),
      language: () => 'es',
      confirm: (p) => {
        prompts.push(p.message);
        return answer;
      },
    });
    expect(app.emit().prevented()).toBe(true);
    expect(guard.isQuitting()).toBe(false);
    expect(app.quits).toBe(0);

    answer = 1;
    expect(app.emit().prevented()).toBe(true);
    expect(app.quits).toBe(1);
    expect(guard.isQuitting()).toBe(true);
    expect(prompts).toEqual(['Está en una llamada. ¿Salir y cortarla?', 'Está en una llamada. ¿Salir y cortarla?']);
  });

  it('words the prompt for a ringing call, with Stay as default and cancel', () => {
    expect(quitPrompt('en', { state: 'ringing' })).toMatchObject({ message: 'A call is ringing. Quit anyway?', buttons: ['Stay', 'Quit'], defaultId: 0, cancelId: 0 });
  });

  it('hides the window on close while signed in, and lets it close when quitting', () => {
    const app = fakeApp();
    const guard = guardQuit(app, { currentCall: () => null, language: () => 'en', confirm: () => 1 });
    let onClose: ((event: Event) => void) | undefined;
    let hidden = 0;
    const window: HideableWindow = {
      on: (_e, listener) => {
        onClose = listener;
        return window;
      },
      hide: () => void (hidden += 1),
    };
    let signedIn = true;
    hideToTrayOnClose(window, () => ({ closeToTray: true, signedIn }), guard);

    const first = fakeEvent();
    onClose!(first);
    expect([first.prevented(), hidden]).toEqual([true, 1]);

    signedIn = false;
    const second = fakeEvent();
    onClose!(second);
    expect([second.prevented(), hidden]).toEqual([false, 1]);

    signedIn = true;
    app.emit();
    const third = fakeEvent();
    onClose!(third);
    expect([third.prevented(), hidden]).toEqual([false, 1]);
  });
});
