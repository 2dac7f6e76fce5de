// The inputs of "Copy diagnostics" gathered from the running services, so the
// Electron and browser-host roots build the same text. Secrets never reach it:
// settings hold none, and buildDiagnostics redacts everything again anyway.
import type { BundleRequest, PhoneStatus, Settings, SessionView } from '../../../common/ipc-contract';
import { buildBundle, buildDiagnostics, type Bundle, type DiagnosticsInput, type EventJournal, type RecentErrors, type RecentLog } from '../diagnostics';
import type { PolicyInfo } from '../policy';
import { english } from '../../../common/i18n/say';

export interface DiagnosticsSources {
  readonly app: DiagnosticsInput['app'];
  readonly runtime: DiagnosticsInput['runtime'];
  readonly os: DiagnosticsInput['os'];
  readonly startedByAutostart: boolean;
  readonly logFolder: string | null;
  readonly recentErrors: RecentErrors;
  session(): SessionView;
  settings(): Settings;
  readonly policy: PolicyInfo;
  connectivity(): string;
  readonly now?: () => Date;
  /** The bundle's parts (issue 26): the log's last lines, connection and outbox events, the last calls' timelines, the last check. */
  readonly recentLog: RecentLog;
  readonly events: EventJournal;
  qualityTimelines(): readonly unknown[];
  lastCheck(): unknown;
}

export function collectDiagnostics(sources: DiagnosticsSources, phone: PhoneStatus): string {
  const session = sources.session();
  return buildDiagnostics({
    app: sources.app,
    runtime: sources.runtime,
    os: sources.os,
    startedByAutostart: sources.startedByAutostart,
    session: {
      state: session.state,
      agent: session.agent?.name ?? null,
      extension: session.agent?.extension ?? null,
      instanceUrl: session.instanceUrl,
    },
    registration: phone.call ? `${phone.registration}, call ${phone.call.state}` : phone.registration,
    connectivity: sources.connectivity(),
    policy: { source: sources.policy.policySource, problem: policyProblemText(sources.policy), locked: [...sources.policy.locked] },
    settings: sources.settings(),
    logFolder: sources.logFolder,
    recentErrors: sources.recentErrors.lines(),
    generatedAt: (sources.now ?? (() => new Date()))(),
  });
}

/** The diagnostics bundle (issue 26): main's parts and the page's (its SIP trace), redacted and bounded by buildBundle. */
export function collectBundle(sources: DiagnosticsSources, phone: PhoneStatus, page: BundleRequest): Bundle {
  const session = sources.session();
  return buildBundle({
    generatedAt: (sources.now ?? (() => new Date()))(),
    app: sources.app,
    runtime: sources.runtime,
    os: sources.os,
    page: page.page,
    session: { state: session.state, agent: session.agent?.name ?? null, extension: session.agent?.extension ?? null, instanceUrl: session.instanceUrl, startedByAutostart: sources.startedByAutostart },
    phone,
    connectivity: sources.connectivity(),
    policy: { source: sources.policy.policySource, problem: policyProblemText(sources.policy), locked: [...sources.policy.locked], fromPolicy: [...sources.policy.fromPolicy] },
    settings: sources.settings(),
    lastCheck: sources.lastCheck(),
    qualityTimelines: sources.qualityTimelines(),
    sipTrace: page.sipTrace,
    events: sources.events.events(),
    logFolder: sources.logFolder,
    logLines: sources.recentLog.lines(),
  });
}

/** The policy file's problem as IT reads it in the diagnostics: in English. */
function policyProblemText(policy: PolicyInfo): string | null {
  return policy.policyProblem && english(policy.policyProblem);
}
