// "Copy diagnostics" (help menu): one plain-text block a person can paste into
// a support ticket. Pure. Settings and every free-text value pass through
// redact(), so nothing secret can be copied out even if a caller passes it.
import { redact, redactText, type RedactedLine } from '../logging';

export interface DiagnosticsInput {
  readonly app: { readonly name: string; readonly version: string; readonly packaged: boolean };
  /** `process.versions` parts worth knowing (electron, chrome, node). */
  readonly runtime: Readonly<Record<string, string | undefined>>;
  readonly os: { readonly platform: string; readonly release: string; readonly arch: string; readonly locale?: string };
  readonly startedByAutostart: boolean;
  readonly session: { readonly state: string; readonly agent?: string | null; readonly extension?: string | null; readonly instanceUrl?: string | null };
  readonly registration: string;
  readonly connectivity: string;
  readonly policy: { readonly source: string | null; readonly problem: string | null; readonly locked: readonly string[] };
  /** The effective settings (with secrets or not: they are redacted here). */
  readonly settings: unknown;
  readonly logFolder: string | null;
  readonly recentErrors: readonly RedactedLine[];
  readonly generatedAt: Date;
}

export function buildDiagnostics(input: DiagnosticsInput): string {
  const runtime = Object.entries(input.runtime)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, version]) => `${name} ${version}`)
    .join(', ');
  const who = input.session.agent ? ` as ${input.session.agent}${input.session.extension ? ` (${input.session.extension})` : ''}` : '';
  const where = input.session.instanceUrl ? ` at ${input.session.instanceUrl}` : '';
  const policy = input.policy.problem
    ? `NOT APPLIED — ${input.policy.problem}`
    : input.policy.source
      ? `${input.policy.source}; locked: ${input.policy.locked.length > 0 ? input.policy.locked.join(', ') : 'nothing'}`
      : 'none';
  const lines = [
    `${input.app.name} diagnostics`,
    `Generated: ${input.generatedAt.toISOString()}`,
    `Version: ${input.app.version}${input.app.packaged ? '' : ' (development build)'}${runtime ? ` — ${runtime}` : ''}`,
    `OS: ${input.os.platform} ${input.os.release} ${input.os.arch}${input.os.locale ? `, locale ${input.os.locale}` : ''}`,
    `Started by autostart: ${input.startedByAutostart ? 'yes' : 'no'}`,
    `Session: ${input.session.state}${who}${where}`,
    `Phone registration: ${input.registration}`,
    `Connectivity: ${input.connectivity}`,
    `IT policy: ${policy}`,
    `Log folder: ${input.logFolder ?? 'none'}`,
    'Settings:',
    ...JSON.stringify(redact(input.settings), null, 2).split('\n').map((line) => `  ${line}`),
    `Last errors and warnings (${input.recentErrors.length}):`,
    ...(input.recentErrors.length > 0 ? input.recentErrors.map((line) => `  ${line}`) : ['  none']),
  ];
  // Header values come from many places (URLs, policy problems): scrub them too.
  return lines.map((line) => redactText(line)).join('\n');
}
