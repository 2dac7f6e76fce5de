// What a failed E2E test leaves in the CI's output: each running app's own
// log (already redacted by the app's logger), the page's console warnings and
// the simulator's SIP registrations, printed when a test fails (the setup
// file print-on-failure.ts). The CI keeps only what was printed, and a flaky
// failure cannot be looked at afterwards.

/** One thing to report on; `report` gathers its text when a test has failed. */
export interface FailureSource {
  readonly name: string;
  report(): Promise<string>;
}

const sources = new Set<FailureSource>();

/** Reports on `source` while it lives; the function returned stops it. */
export function reportOnFailure(source: FailureSource): () => void {
  sources.add(source);
  return () => void sources.delete(source);
}

/** Each report is cut to this many characters, its last ones: the CI's log stays readable. */
export const REPORT_MAX_CHARS = 12_000;

export async function printFailureReports(): Promise<void> {
  for (const source of sources) {
    const text = await source.report().catch((error: unknown) => `(could not be gathered: ${error instanceof Error ? error.message : String(error)})`);
    const cut = text.length > REPORT_MAX_CHARS ? `…${text.slice(-REPORT_MAX_CHARS)}` : text;
    console.error(`──── after the failure: ${source.name} ────\n${cut}\n──── end of ${source.name} ────`);
  }
}
