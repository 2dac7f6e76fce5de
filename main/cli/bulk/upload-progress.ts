import type { UploadProgress } from '../../api/index';
import { createProgress, type Progress, type ProgressStream } from './progress';

// The bulk commands' progress line for `integra upload-base`: bytes of the
// file read, rate and ETA, one rewritten line on a terminal, a plain line
// every tenth of the file or 5 s otherwise (about ten lines whatever the
// size). Pass `onProgress` to the client's uploadBase.

export interface UploadProgressDisplay {
  onProgress(progress: UploadProgress): void;
  finish(): void;
}

export function createUploadProgress(stream: ProgressStream, label = 'upload-base'): UploadProgressDisplay {
  let progress: Progress | undefined;
  return {
    onProgress({ bytesRead, totalBytes }) {
      progress ??= createProgress({ stream, label, unit: 'bytes', total: totalBytes, everyUnits: Math.max(1, Math.ceil(totalBytes / 10)) });
      progress.update(bytesRead);
    },
    finish() {
      progress?.finish();
    },
  };
}
