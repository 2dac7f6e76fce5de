import type { UploadProgress } from '../api';
import type { CliIo } from './cli-types';

// Upload progress on stderr: redrawn in place on a terminal, plain lines at
// each tenth when asked for outside one, silent otherwise.
export function progressReporter(io: CliIo, plainLines: boolean): { update: (p: UploadProgress) => void; done: () => void } {
  let lastTenth = -1;
  let drawn = false;
  const mb = (n: number) => (n / 1048576).toFixed(1);
  return {
    update({ bytesRead, totalBytes }) {
      const percent = totalBytes > 0 ? Math.floor((bytesRead / totalBytes) * 100) : 100;
      if (io.stderrIsTty) {
        io.stderr(`\rUploading ${percent}% (${mb(bytesRead)} of ${mb(totalBytes)} MB)`);
        drawn = true;
      } else if (plainLines && Math.floor(percent / 10) > lastTenth) {
        lastTenth = Math.floor(percent / 10);
        io.stderr(`upload ${percent}% ${bytesRead}/${totalBytes} bytes\n`);
      }
    },
    done() {
      if (drawn) io.stderr('\n');
    },
  };
}
