// A crashed renderer (issue 24): Electron reports `render-process-gone` on the
// window's webContents; the page is reloaded, which takes a live call back
// (the page asks main for it: use-call-takeover.ts), and the agent is told
// once what happened, in a notification in the agent's language. A renderer
// that keeps dying is not reloaded in a loop: after MAX_RELOADS within a
// minute the agent is told to restart the app instead.
//
//   gone (crashed, oom, killed, …) ──▶ log ──▶ reload ──▶ told once
//   gone MAX_RELOADS+1 times in 60 s ──▶ log ──▶ told to restart, no reload
//   clean-exit (the window is closing) ──▶ nothing
import type { RenderProcessGoneDetails } from 'electron';
import { translate, type Language, type MessageKey } from '../../common/i18n';

export const MAX_RELOADS = 3;
const WINDOW_MS = 60_000;

export interface RecoveredContents {
  on(event: 'render-process-gone', listener: (event: unknown, details: RenderProcessGoneDetails) => void): unknown;
  reload(): void;
  isDestroyed(): boolean;
}

export interface RendererRecoveryPorts {
  contents: RecoveredContents;
  notify(title: string, body: string): void;
  language(): Language;
  log(line: string): void;
  now?(): number;
}

export function recoverCrashedRenderer(ports: RendererRecoveryPorts): void {
  const now = ports.now ?? Date.now;
  let recent: number[] = [];
  ports.contents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit' || ports.contents.isDestroyed()) return;
    const at = now();
    recent = [...recent.filter((t) => at - t < WINDOW_MS), at];
    const t = (key: MessageKey, params: Record<string, string> = {}): string => translate(ports.language(), key, params);
    const reason = `${details.reason}, exit code ${details.exitCode}`;
    if (recent.length > MAX_RELOADS) {
      ports.log(`The window's renderer is gone again (${reason}): ${recent.length} times within a minute, not reloaded.`);
      ports.notify(t('window.crashLoopTitle'), t('window.crashLoop', { count: String(recent.length), reason: details.reason }));
      return;
    }
    ports.log(`The window's renderer is gone (${reason}); reloading the page, which takes a live call back.`);
    ports.contents.reload();
    ports.notify(t('window.crashedTitle'), t('window.crashed', { reason: details.reason }));
  });
}
