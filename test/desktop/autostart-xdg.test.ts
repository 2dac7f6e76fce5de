import { describe, expect, it } from 'vitest';
import { desktopEntryText, quoteExecArgument, xdgAutostartPath } from '../../main/desktop/autostart-xdg';

describe('quoteExecArgument (Desktop Entry spec, "The Exec key")', () => {
  it.each([
    ['/usr/bin/agent-softphone', '/usr/bin/agent-softphone'],
    ['--autostart', '--autostart'],
    ['/opt/Agent Softphone/agent', '"/opt/Agent Softphone/agent"'],
    ['', '""'],
    ['50%', '50%%'],
    ['a b%c', '"a b%%c"'],
    ['say"hi"', '"say\\"hi\\""'],
    ['$HOME', '"\\$HOME"'],
    ['`x`', '"\\`x\\`"'],
    ['C:\\dir', '"C:\\\\dir"'],
    ["it's", '"it\'s"'],
    ['a;b', '"a;b"'],
    ['a|b&c', '"a|b&c"'],
    ['~/x', '"~/x"'],
    ['tab\there', '"tab\there"'],
  ])('%j → %j', (argument, quoted) => {
    expect(quoteExecArgument(argument)).toBe(quoted);
  });
});

describe('desktopEntryText', () => {
  it('applies the string escapes after quoting: a backslash in a quoted argument becomes four', () => {
    const text = desktopEntryText({ name: 'A\nB', comment: 'c', command: ['/opt/we ird\\dir/app', '--autostart'], icon: 'i' });
    expect(text).toContain('Exec="/opt/we ird\\\\\\\\dir/app" --autostart\n');
    expect(text).toContain('Name=A\\nB\n');
    expect(text.endsWith('\n')).toBe(true);
  });
});

describe('xdgAutostartPath', () => {
  it.each([
    [{}, '/home/a/.config/autostart/x.desktop'],
    [{ XDG_CONFIG_HOME: '' }, '/home/a/.config/autostart/x.desktop'],
    [{ XDG_CONFIG_HOME: 'rel' }, '/home/a/.config/autostart/x.desktop'],
    [{ XDG_CONFIG_HOME: '/cfg' }, '/cfg/autostart/x.desktop'],
  ])('%j → %s', (env, expected) => {
    expect(xdgAutostartPath({ env, homedir: '/home/a', appId: 'x' })).toBe(expected);
  });
});
