// Issue 24: a crashed renderer is reloaded and the agent told once, in the
// agent's language; a window closing normally is left alone; a renderer that
// keeps dying is not reloaded in a loop. With a fake webContents (no Electron binary).
import type { RenderProcessGoneDetails } from 'electron';
import { describe, expect, it } from 'vitest';
import { MAX_RELOADS, recoverCrashedRenderer } from '../../main/desktop/renderer-recovery';

function setup(language: 'es' | 'en' = 'es') {
  let listener: ((event: unknown, details: RenderProcessGoneDetails) => void) | null = null;
  let clock = 0;
  const reloads: number[] = [];
  const notes: { title: string; body: string }[] = [];
  const lines: string[] = [];
  recoverCrashedRenderer({
    contents: {
      on: (_event, l) => (listener = l),
      reload: () => void reloads.push(clock),
      isDestroyed: () => false,
    },
    notify: (title, body) => void notes.push({ title, body }),
    language: () => language,
    log: (line) => void lines.push(line),
    now: () => clock,
  });
  const gone = (reason: RenderProcessGoneDetails['reason'], atMs: number) => {
    clock = atMs;
    listener?.({}, { reason, exitCode: reason === 'clean-exit' ? 0 : 139 });
  };
  return { gone, reloads, notes, lines };
}

describe('renderer recovery', () => {
  it('reloads a crashed renderer and tells the agent once, in Spanish', () => {
    const { gone, reloads, notes, lines } = setup('es');
    gone('crashed', 1_000);
    expect(reloads).toEqual([1_000]);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.title).toMatch(/ventana/);
    expect(notes[0]?.body).toContain('crashed');
    expect(lines[0]).toMatch(/crashed, exit code 139/);
  });

  it('tells the agent in English when that is the language chosen; an out-of-memory is handled the same', () => {
    const { gone, notes, reloads } = setup('en');
    gone('oom', 0);
    expect(reloads).toHaveLength(1);
    expect(notes[0]?.title).toBe('The app\'s window stopped and was reopened');
  });

  it('leaves a window that closes normally alone', () => {
    const { gone, reloads, notes } = setup();
    gone('clean-exit', 0);
    expect(reloads).toEqual([]);
    expect(notes).toEqual([]);
  });

  it('stops reloading a renderer that keeps dying within a minute, and says so; later crashes count afresh', () => {
    const { gone, reloads, notes } = setup('en');
    for (let i = 0; i <= MAX_RELOADS; i++) gone('crashed', i * 1_000);
    expect(reloads).toHaveLength(MAX_RELOADS);
    expect(notes.at(-1)?.title).toBe('The app\'s window keeps stopping');
    gone('crashed', 200_000);
    expect(reloads).toHaveLength(MAX_RELOADS + 1);
  });
});
