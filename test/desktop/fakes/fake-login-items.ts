// A fake of the part of Electron's `app` that keeps login items, recording calls.
import type { LoginItemSettings, LoginItemSettingsOptions, Settings } from 'electron';
import type { AutostartApp } from '../../../main/desktop/autostart';

export interface FakeLoginItems extends AutostartApp {
  readonly sets: Settings[];
  readonly queries: (LoginItemSettingsOptions | undefined)[];
  wasOpenedAtLogin: boolean;
}

export function fakeLoginItems(): FakeLoginItems {
  let current: Settings = {};
  const fake: FakeLoginItems = {
    sets: [],
    queries: [],
    wasOpenedAtLogin: false,
    setLoginItemSettings(settings) {
      fake.sets.push(settings);
      current = settings;
    },
    getLoginItemSettings(options): LoginItemSettings {
      fake.queries.push(options);
      const sameCommand = !options?.path || (options.path === current.path && JSON.stringify(options.args ?? []) === JSON.stringify(current.args ?? []));
      const openAtLogin = current.openAtLogin === true && sameCommand;
      return {
        openAtLogin,
        wasOpenedAtLogin: fake.wasOpenedAtLogin,
        status: openAtLogin ? 'enabled' : 'not-registered',
        executableWillLaunchAtLogin: openAtLogin,
        launchItems: [],
      };
    },
  };
  return fake;
}
