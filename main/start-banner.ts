// What `npm start` prints about the built-in simulator's demo: when the first
// demo call will ring (a clock time and "in ~N s") and the demo credentials
// of both roles. Pure, so its wording is tested; start.ts prints it.

export interface DemoBannerInput {
  /** When the simulator (and its demo-call timer) started. */
  startedAt: Date;
  /** null: --no-demo-calls. */
  demoCalls: { count: number; firstDelayMs: number; everyMs: number } | null;
  agent: { agent: string } | undefined;
  supervisor: { user: string; password: string } | undefined;
}

export function demoBanner(input: DemoBannerInput): string[] {
  const lines: string[] = [];
  const { demoCalls } = input;
  if (demoCalls && demoCalls.count > 0) {
    const firstAt = new Date(input.startedAt.getTime() + demoCalls.firstDelayMs);
    const every = demoCalls.everyMs % 60_000 === 0 ? minutes(demoCalls.everyMs) : `every ${Math.round(demoCalls.everyMs / 1000)} s`;
    lines.push(
      `Demo calls: the first rings at ${clock(firstAt)} (in ~${Math.round(demoCalls.firstDelayMs / 1000)} s) on the inbound campaign Soporte<- ` +
        `if the agent is signed in and free by then (otherwise at the next try); then ${every}, ${demoCalls.count} calls in all (--no-demo-calls: off).`,
    );
  }
  if (input.agent) lines.push(`Agent: ${input.agent.agent} (pre-filled; its password is held by the app, so just press "Sign in").`);
  if (input.supervisor) lines.push(`Supervisor: choose "Supervisor", API user ${input.supervisor.user}, password ${input.supervisor.password} (simulator only).`);
  return lines;
}

function minutes(ms: number): string {
  const count = ms / 60_000;
  return count === 1 ? 'every minute' : `every ${count} minutes`;
}

/** Local wall-clock time, HH:MM:SS. */
function clock(at: Date): string {
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}
