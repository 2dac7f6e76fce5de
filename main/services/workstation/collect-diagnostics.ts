// The inputs of "Copy diagnostics" gathered from the running services, so the
// Electron and browser-host roots build the same text. Secrets never reach it:
// settings hold none, and buildDiagnostics redacts everything again anyway.
import type { PhoneStatus, Settings, SessionView } from '../../../common/ipc-contract';
import { buildDiagnostics, type DiagnosticsInput, type RecentErrors } from '../diagnostics';
import type { PolicyInfo } from '../policy';

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
    policy: { source: sources.policy.policySource, problem: sources.policy.policyProblem, locked: [...sources.policy.locked] },
    settings: sources.settings(),
    logFolder: sources.logFolder,
    recentErrors: sources.recentErrors.lines(),
    generatedAt: (sources.now ?? (() => new Date()))(),
  });
}
