// The Electron glue of "Choose file" with a fake dialog: the window is the
// parent when there is one; cancel is null; only the first path is taken.
import type { BrowserWindow, OpenDialogOptions, OpenDialogReturnValue } from 'electron';
import { describe, expect, it } from 'vitest';
import { LIST_FILE_DIALOG, pickListFile } from '../../../main/desktop/list-file-dialog';

function fakeDialog(answer: OpenDialogReturnValue) {
  const calls: unknown[][] = [];
  const showOpenDialog = (async (...args: unknown[]) => {
    calls.push(args);
    return answer;
  }) as (window: BrowserWindow | OpenDialogOptions, options?: OpenDialogOptions) => Promise<OpenDialogReturnValue>;
  return { dialog: { showOpenDialog } as Parameters<typeof pickListFile>[0], calls };
}

describe('pickListFile', () => {
  it('opens a one-file dialog with CSV/TXT first, parented to the window', async () => {
    const window = { id: 1 } as unknown as BrowserWindow;
    const { dialog, calls } = fakeDialog({ canceled: false, filePaths: ['/home/sup/lista.csv', '/other'] });
    expect(await pickListFile(dialog, window)).toBe('/home/sup/lista.csv');
    expect(calls).toEqual([[window, LIST_FILE_DIALOG]]);
    expect(LIST_FILE_DIALOG.properties).toEqual(['openFile']);
    expect(LIST_FILE_DIALOG.filters?.[0]?.extensions).toEqual(['csv', 'txt']);
  });

  it('answers null when cancelled, and works without a window', async () => {
    const { dialog, calls } = fakeDialog({ canceled: true, filePaths: [] });
    expect(await pickListFile(dialog, null)).toBeNull();
    expect(calls).toEqual([[LIST_FILE_DIALOG]]);
  });
});
