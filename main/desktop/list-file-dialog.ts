// The supervisor's "Choose file" for a dialing list: Electron's open dialog,
// CSV/TXT first. Only the path travels on; main reads the file itself.
import type { BrowserWindow, Dialog, OpenDialogOptions } from 'electron';

export const LIST_FILE_DIALOG: OpenDialogOptions = {
  properties: ['openFile'],
  filters: [
    { name: 'CSV / TXT', extensions: ['csv', 'txt'] },
    { name: '*', extensions: ['*'] },
  ],
};

/** The chosen path, or null when the person cancelled. */
export async function pickListFile(dialog: Pick<Dialog, 'showOpenDialog'>, window: BrowserWindow | null): Promise<string | null> {
  const result = window ? await dialog.showOpenDialog(window, LIST_FILE_DIALOG) : await dialog.showOpenDialog(LIST_FILE_DIALOG);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}
