// "Save diagnostics" in Electron: the system's save dialog, suggesting the
// bundle's own name in the Downloads folder; the file is written owner-only
// (bundle-file.ts). Thin: building the bundle is the services' job.
import type { BrowserWindow, Dialog, SaveDialogOptions } from 'electron';
import { join } from 'node:path';
import { writeBundleFile, type Bundle } from '../services/diagnostics';

export function bundleSaveOptions(bundle: Bundle, downloads: string): SaveDialogOptions {
  return { defaultPath: join(downloads, bundle.fileName), filters: [{ name: 'JSON', extensions: ['json'] }], properties: ['createDirectory', 'showOverwriteConfirmation'] };
}

export async function saveBundleWithDialog(dialog: Pick<Dialog, 'showSaveDialog'>, window: BrowserWindow | null, downloads: string, bundle: Bundle): Promise<'saved' | 'cancelled'> {
  const options = bundleSaveOptions(bundle, downloads);
  const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  if (result.canceled || !result.filePath) return 'cancelled';
  writeBundleFile(result.filePath, bundle.json);
  return 'saved';
}
