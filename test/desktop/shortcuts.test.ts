import type { GlobalShortcut } from 'electron';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { english, speak } from '../../common/i18n/say';
import { createShortcuts, type GlobalShortcutLike, type ShortcutAction } from '../../main/desktop/shortcuts';
import { parseAccelerator, type AcceleratorProblem } from '../../main/desktop/shortcuts-accelerator';

describe('parseAccelerator', () => {
  it.each([
    ['CommandOrControl+Alt+A', 'CommandOrControl+Alt+A'],
    ['cmdorctrl+alt+a', 'CommandOrControl+Alt+A'],
    ['Alt+Ctrl+Shift+H', 'Control+Alt+Shift+H'],
    [' Ctrl + Alt + 1 ', 'Control+Alt+1'],
    ['Super+F5', 'Super+F5'],
    ['Meta+Space', 'Super+Space'],
    ['Option+Enter', 'Alt+Return'],
    ['Ctrl+Esc', 'Control+Escape'],
    ['Ctrl+pageup', 'Control+PageUp'],
    ['Ctrl+Plus', 'Control+Plus'],
    ['Ctrl+num5', 'Control+num5'],
    ['Ctrl+/', 'Control+/'],
    ['Ctrl+Shift+`', 'Control+Shift+`'],
    ['Command+Shift+A', 'Command+Shift+A'],
    ['F9', 'F9'],
    ['shift+f24', 'Shift+F24'],
    ['MediaPlayPause', 'MediaPlayPause'],
    ['AltGr+X', 'AltGr+X'],
  ])('accepts %j as %j', (text, accelerator) => {
    expect(parseAccelerator(text)).toEqual({ ok: true, accelerator });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['A', 'needs-modifier'],
    ['Shift+A', 'needs-modifier'],
    ['Space', 'needs-modifier'],
    ['Ctrl+Alt', 'no-key'],
    ['Ctrl', 'no-key'],
    ['Ctrl+', 'unknown-key'],
    ['Ctrl++', 'unknown-key'],
    ['Ctrl+Alt+AB', 'unknown-key'],
    ['Ctrl+F25', 'unknown-key'],
    ['Ctrl+ñ', 'unknown-key'],
    ['Hyper+A', 'unknown-modifier'],
    ['A+B', 'unknown-modifier'],
    ['Ctrl+Control+A', 'duplicate-modifier'],
    ['Cmd+Command+A', 'duplicate-modifier'],
  ] as [string, AcceleratorProblem][])('refuses %j (%s)', (text, problem) => {
    const result = parseAccelerator(text);
    expect(result).toMatchObject({ ok: false, problem });
    if (!result.ok) expect(result.message.length).toBeGreaterThan(15);
  });
});

/** A fake globalShortcut: a table of accelerators, some held by "other applications". */
function fakeGlobalShortcut(takenByOthers: string[] = []) {
  const table = new Map<string, () => void>();
  const fake: GlobalShortcutLike & { table: Map<string, () => void>; press(accelerator: string): void } = {
    table,
    register(accelerator, callback) {
      if (takenByOthers.includes(accelerator) || table.has(accelerator)) return false;
      table.set(accelerator, callback);
      return true;
    },
    unregister(accelerator) {
      table.delete(accelerator);
    },
    press(accelerator) {
      table.get(accelerator)?.();
    },
  };
  return fake;
}

describe('createShortcuts', () => {
  it('is typed so the real globalShortcut fits', () => {
    expectTypeOf<GlobalShortcut>().toExtend<GlobalShortcutLike>();
  });

  it('registers nothing by default (both off)', () => {
    const gs = fakeGlobalShortcut();
    const outcomes = createShortcuts(gs, () => undefined).apply({ answerShortcut: '', hangUpShortcut: '' });
    expect(outcomes).toEqual([
      { action: 'answer', status: 'off' },
      { action: 'hang-up', status: 'off' },
    ]);
    expect(gs.table.size).toBe(0);
  });

  it('registers both, and pressing them triggers the actions', () => {
    const gs = fakeGlobalShortcut();
    const actions: ShortcutAction[] = [];
    const outcomes = createShortcuts(gs, (a) => actions.push(a)).apply({ answerShortcut: 'ctrl+alt+a', hangUpShortcut: 'Ctrl+Alt+H' });
    expect(outcomes).toEqual([
      { action: 'answer', status: 'registered', accelerator: 'Control+Alt+A' },
      { action: 'hang-up', status: 'registered', accelerator: 'Control+Alt+H' },
    ]);
    gs.press('Control+Alt+H');
    gs.press('Control+Alt+A');
    expect(actions).toEqual(['hang-up', 'answer']);
  });

  it('re-applying replaces the old accelerators; dispose removes all', () => {
    const gs = fakeGlobalShortcut();
    const shortcuts = createShortcuts(gs, () => undefined);
    shortcuts.apply({ answerShortcut: 'Ctrl+Alt+A', hangUpShortcut: 'Ctrl+Alt+H' });
    shortcuts.apply({ answerShortcut: 'F9', hangUpShortcut: '' });
    expect([...gs.table.keys()]).toEqual(['F9']);
    shortcuts.dispose();
    expect(gs.table.size).toBe(0);
  });

  it('reports invalid, duplicate and taken shortcuts in plain words and keeps the others', () => {
    const invalid = createShortcuts(fakeGlobalShortcut(), () => undefined).apply({ answerShortcut: 'A', hangUpShortcut: 'Ctrl+Alt+H' });
    expect(invalid[0]).toMatchObject({ status: 'invalid', message: expect.stringMatching(/^The answer shortcut "A" cannot be used: A global shortcut needs/) });
    // The settings screen says it in the user's language, the English being the same words.
    const said = invalid[0] && 'say' in invalid[0] ? invalid[0].say : null;
    expect(said && speak('es', said)).toMatch(/^El atajo para atender «A» no se puede usar: Un atajo global necesita/u);
    expect(said && english(said)).toBe(invalid[0] && 'message' in invalid[0] ? invalid[0].message : null);
    expect(invalid[1]).toMatchObject({ status: 'registered' });

    const duplicate = createShortcuts(fakeGlobalShortcut(), () => undefined).apply({ answerShortcut: 'Ctrl+Alt+A', hangUpShortcut: 'alt+ctrl+a' });
    expect(duplicate[1]).toMatchObject({ status: 'duplicate', message: expect.stringContaining('Control+Alt+A is already used') });

    const gs = fakeGlobalShortcut(['Control+Alt+A']);
    const taken = createShortcuts(gs, () => undefined).apply({ answerShortcut: 'Ctrl+Alt+A', hangUpShortcut: '' });
    expect(taken[0]).toMatchObject({ status: 'taken', message: expect.stringContaining('another application probably uses it') });
    expect(gs.table.size).toBe(0);
  });
});
