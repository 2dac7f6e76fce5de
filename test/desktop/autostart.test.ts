import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAutostart, type AutostartOptions } from '../../main/desktop/autostart';
import { AUTOSTART_ARG, autostartCommand, wasStartedByAutostart } from '../../main/desktop/autostart-launch';
import { fakeLoginItems } from './fakes/fake-login-items';

const APP_ID = 'com.agentsoftphone.app';

function options(overrides: Partial<AutostartOptions>): AutostartOptions {
  return {
    app: fakeLoginItems(),
    platform: 'linux',
    execPath: '/opt/Agent Softphone/agent-softphone',
    appPath: '/opt/Agent Softphone/resources/app.asar',
    isPackaged: true,
    env: {},
    homedir: '/home/nobody',
    appId: APP_ID,
    appName: 'Agent Softphone',
    icon: 'agent-softphone',
    ...overrides,
  };
}

describe('autostartCommand', () => {
  const base = { platform: 'linux' as const, execPath: '/usr/bin/x', appPath: '/src/app', env: {} };
  it.each([
    [{ ...base, isPackaged: true }, ['/usr/bin/x', AUTOSTART_ARG]],
    [{ ...base, isPackaged: false }, ['/usr/bin/x', '/src/app', AUTOSTART_ARG]],
    [{ ...base, isPackaged: true, env: { APPIMAGE: '/home/a/Agent.AppImage' } }, ['/home/a/Agent.AppImage', AUTOSTART_ARG]],
    [{ ...base, isPackaged: true, env: { APPIMAGE: '' } }, ['/usr/bin/x', AUTOSTART_ARG]],
    [{ ...base, platform: 'win32' as const, isPackaged: true, env: { APPIMAGE: '/x' } }, ['/usr/bin/x', AUTOSTART_ARG]],
  ])('%j → %j', (context, expected) => {
    expect(autostartCommand(context)).toEqual(expected);
  });
});

describe('wasStartedByAutostart', () => {
  it.each([
    [['/usr/bin/x', '--autostart'], undefined, true],
    [['C:\\x.exe', '--some-chromium-flag', '--autostart', '--original-process-start-time=1'], undefined, true],
    [['/usr/bin/x'], undefined, false],
    [['/usr/bin/x', 'tel:123'], undefined, false],
    [['/usr/bin/x', '--autostart=no'], undefined, false],
    [['/Applications/Agent Softphone.app/Contents/MacOS/Agent Softphone'], { wasOpenedAtLogin: true }, true],
    [['/Applications/Agent Softphone.app/Contents/MacOS/Agent Softphone'], { wasOpenedAtLogin: false }, false],
  ])('%j %j → %s', (argv, loginItem, expected) => {
    expect(wasStartedByAutostart(argv, loginItem)).toBe(expected);
  });
});

describe('Linux: XDG autostart entry', () => {
  let home: string;
  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'autostart-home-'));
  });
  afterEach(async () => {
    await rm(home, { recursive: true, force: true });
  });

  it('writes the entry under ~/.config/autostart with --autostart, and removes it', async () => {
    const autostart = createAutostart(options({ homedir: home }));
    const path = join(home, '.config', 'autostart', `${APP_ID}.desktop`);
    expect(autostart.entryPath).toBe(path);
    expect(await autostart.isEnabled()).toBe(false);

    expect(await autostart.apply(true)).toEqual({ ok: true });
    const text = await readFile(path, 'utf8');
    expect(text).toContain('[Desktop Entry]\nType=Application\n');
    expect(text).toContain('\nExec="/opt/Agent Softphone/agent-softphone" --autostart\n');
    expect(text).toContain('\nName=Agent Softphone\n');
    expect(text).toContain('\nIcon=agent-softphone\n');
    expect((await stat(path)).mode & 0o777).toBe(0o644);
    expect(await autostart.isEnabled()).toBe(true);

    expect(await autostart.apply(false)).toEqual({ ok: true });
    await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await autostart.isEnabled()).toBe(false);
    expect(await autostart.apply(false)).toEqual({ ok: true });
  });

  it('honours an absolute XDG_CONFIG_HOME and ignores a relative one', async () => {
    const xdg = join(home, 'cfg');
    const absolute = createAutostart(options({ homedir: home, env: { XDG_CONFIG_HOME: xdg } }));
    await absolute.apply(true);
    expect(await readFile(join(xdg, 'autostart', `${APP_ID}.desktop`), 'utf8')).toContain('--autostart');
    expect(createAutostart(options({ homedir: home, env: { XDG_CONFIG_HOME: 'relative/cfg' } })).entryPath).toBe(
      join(home, '.config', 'autostart', `${APP_ID}.desktop`),
    );
  });

  it('starts the AppImage file, not its temporary mount', async () => {
    const autostart = createAutostart(options({ homedir: home, execPath: '/tmp/.mount_AgentX1/agent-softphone', env: { APPIMAGE: '/home/ana/Apps/Agent Softphone.AppImage' } }));
    await autostart.apply(true);
    expect(await readFile(autostart.entryPath!, 'utf8')).toContain('\nExec="/home/ana/Apps/Agent Softphone.AppImage" --autostart\n');
  });

  it('treats an entry a user disabled with Hidden=true as off', async () => {
    const autostart = createAutostart(options({ homedir: home }));
    await mkdir(join(home, '.config', 'autostart'), { recursive: true });
    await writeFile(autostart.entryPath!, '[Desktop Entry]\nType=Application\nHidden=true\n');
    expect(await autostart.isEnabled()).toBe(false);
    await autostart.apply(true);
    expect(await autostart.isEnabled()).toBe(true);
  });

  it('reports a failure to write in plain words', async () => {
    // A file where the autostart folder should be: fails even for root.
    await mkdir(join(home, '.config'), { recursive: true });
    await writeFile(join(home, '.config', 'autostart'), 'not a folder');
    const result = await createAutostart(options({ homedir: home })).apply(true);
    expect(result).toMatchObject({ ok: false });
    if (!result.ok) expect(result.message).toMatch(/^Turning on start at sign-in failed \(.*\.desktop\): .*Check that your user may write there, or ask IT\.$/);
  });
});

describe('Windows and macOS: login items', () => {
  it('Windows registers the executable with --autostart and reads it back with the same command', async () => {
    const app = fakeLoginItems();
    const autostart = createAutostart(options({ app, platform: 'win32', execPath: 'C:\\Program Files\\Agent Softphone\\Agent Softphone.exe' }));
    expect(autostart.entryPath).toBeNull();
    await autostart.apply(true);
    expect(app.sets).toEqual([{ openAtLogin: true, path: 'C:\\Program Files\\Agent Softphone\\Agent Softphone.exe', args: ['--autostart'] }]);
    expect(await autostart.isEnabled()).toBe(true);
    expect(app.queries.at(-1)).toEqual({ path: 'C:\\Program Files\\Agent Softphone\\Agent Softphone.exe', args: ['--autostart'] });
    await autostart.apply(false);
    expect(app.sets.at(-1)).toMatchObject({ openAtLogin: false });
    expect(await autostart.isEnabled()).toBe(false);
  });

  it('Windows quotes an unpackaged app path with spaces', async () => {
    const app = fakeLoginItems();
    await createAutostart(options({ app, platform: 'win32', isPackaged: false, execPath: 'C:\\e\\electron.exe', appPath: 'C:\\My Code\\app' })).apply(true);
    expect(app.sets[0]?.args).toEqual(['"C:\\My Code\\app"', '--autostart']);
  });

  it('macOS opens hidden at login and detects a login launch without arguments', async () => {
    const app = fakeLoginItems();
    const autostart = createAutostart(options({ app, platform: 'darwin' }));
    await autostart.apply(true);
    expect(app.sets).toEqual([{ openAtLogin: true }]);
    expect(await autostart.isEnabled()).toBe(true);
    expect(autostart.startedByAutostart(['/Applications/Agent Softphone.app/Contents/MacOS/Agent Softphone'])).toBe(false);
    app.wasOpenedAtLogin = true;
    expect(autostart.startedByAutostart(['/Applications/Agent Softphone.app/Contents/MacOS/Agent Softphone'])).toBe(true);
  });

  it('Windows detects a login launch from its argument, not from login items', () => {
    const app = fakeLoginItems();
    app.wasOpenedAtLogin = true;
    const autostart = createAutostart(options({ app, platform: 'win32' }));
    expect(autostart.startedByAutostart(['C:\\a.exe'])).toBe(false);
    expect(autostart.startedByAutostart(['C:\\a.exe', '--autostart'])).toBe(true);
  });
});
