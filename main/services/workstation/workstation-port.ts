// What main does with the renderer's workstation requests, the same in
// Electron and the browser host: keep the phone's status (tray, notifications,
// quit guard read it), forward renderer log records through the redacting
// logger, and build "Copy diagnostics". The first status report also says the
// UI has subscribed to main's events, so held tel: links may be delivered.
import type { Say } from '../../../common/i18n/dictionary';
import type { ApiCheck, BundleReply, BundleRequest, CheckReport, PhoneStatus, RendererLog } from '../../../common/ipc-contract';
import type { Bundle } from '../diagnostics';
import { createRendererLogForwarder, type Logger } from '../logging';

export interface WorkstationPort {
  /** The latest status the renderer reported (signed out and idle before the first). */
  readonly status: PhoneStatus;
  reportPhoneStatus(status: PhoneStatus): void;
  /** Why global shortcuts failed to register, as the settings screen shows it (Electron sets it). */
  readonly shortcutProblems: readonly Say[];
  setShortcutProblems(problems: readonly Say[]): void;
  log(record: RendererLog): void;
  diagnostics(): string;
  /** Builds the diagnostics bundle and saves it (Electron's dialog) or hands it to the page to download (browser host). */
  diagnosticsBundle(page: BundleRequest): Promise<BundleReply>;
  /** The shift-start check's API step (api-check.ts). */
  checkApi(): Promise<ApiCheck>;
  /** The page ran a check: kept (the bundle's `lastCheck`) and logged. */
  reportCheck(report: CheckReport): void;
  /** The last check reported this run, or null. */
  readonly lastCheck: CheckReport | null;
}

export interface WorkstationPortDeps {
  readonly logger: Logger;
  /** Every report, after it is stored (tray, notifier). */
  onStatus?(status: PhoneStatus): void;
  /** The first report of a page: it listens to events now. */
  onRendererReady?(): void;
  /** Builds the diagnostics text for the current status. */
  diagnostics(status: PhoneStatus): string;
  /** Builds the diagnostics bundle for the current status and the page's part. */
  bundle(status: PhoneStatus, page: BundleRequest): Bundle;
  /** Saves a bundle where the person chooses (Electron); absent: the page downloads it. */
  saveBundle?(bundle: Bundle): Promise<'saved' | 'cancelled'>;
  /** Reaches the signed-in instance's API for the check. */
  checkApi(): Promise<ApiCheck>;
}

export const IDLE_PHONE: PhoneStatus = { registration: 'unregistered', call: null };

export function createWorkstationPort(deps: WorkstationPortDeps): WorkstationPort {
  let status = IDLE_PHONE;
  let shortcutProblems: readonly Say[] = [];
  let lastCheck: CheckReport | null = null;
  const forward = createRendererLogForwarder(deps.logger);
  return {
    get status() {
      return status;
    },
    reportPhoneStatus(next) {
      status = next;
      deps.onStatus?.(next);
      deps.onRendererReady?.();
    },
    get shortcutProblems() {
      return shortcutProblems;
    },
    setShortcutProblems(problems) {
      shortcutProblems = [...problems];
    },
    log: (record) => forward(record),
    diagnostics: () => deps.diagnostics(status),
    checkApi: () => deps.checkApi(),
    reportCheck(report) {
      lastCheck = report;
      const verdicts = report.steps.map((step) => `${step.id} ${step.verdict}`).join(', ');
      deps.logger.info(`Shift-start check ${report.outcome} in ${report.durationMs} ms: ${verdicts || 'no step'}`, { steps: report.steps });
    },
    get lastCheck() {
      return lastCheck;
    },
    async diagnosticsBundle(page) {
      const bundle = deps.bundle(status, page);
      deps.logger.info('Diagnostics bundle built', { bytes: bundle.bytes, sipMessages: page.sipTrace.length });
      if (!deps.saveBundle) return { kind: 'download', fileName: bundle.fileName, bytes: bundle.bytes, json: bundle.json };
      const outcome = await deps.saveBundle(bundle);
      return outcome === 'saved' ? { kind: 'saved', fileName: bundle.fileName, bytes: bundle.bytes } : { kind: 'cancelled' };
    },
  };
}
