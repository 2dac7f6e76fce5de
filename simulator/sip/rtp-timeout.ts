// Asterisk's `rtp_timeout` for the customer's end of an answered call: when no
// RTP has arrived from the agent for the timeout while the call is not on
// hold, the platform hangs up. Held calls are left alone (PJSIP's separate
// `rtp_timeout_hold` is 0, off, by default). The clock restarts at every SDP
// negotiation, as Asterisk sets `last_rx` when it applies an SDP, so an
// un-hold or an ICE-restart re-INVITE gives the agent a whole timeout again.
//
//   watching ──held (agent sendonly/inactive)──▶ not counted ──un-held──▶ watching
//      │ now − last activity ≥ timeout (timeout > 0)
//      ▼
//   fired (once): onTimeout(timeoutMs), the watch stops
import type { RtpTimeoutSetting } from './rtp-timeout-setting';

export interface AgentMediaActivity {
  /** The later of the last RTP packet from the agent and the last SDP negotiation; undefined before either. */
  lastActivityAt: number | undefined;
  /** The agent's last SDP put the call on hold (sendonly/inactive). */
  held: boolean;
}

/** Whether the call has gone `timeoutMs` without media from the agent (0 = never). */
export function rtpTimedOut(activity: AgentMediaActivity, timeoutMs: number, now: number): boolean {
  if (timeoutMs <= 0 || activity.held || activity.lastActivityAt === undefined) return false;
  return now - activity.lastActivityAt >= timeoutMs;
}

export interface RtpTimeoutWatchOptions {
  activity(): AgentMediaActivity;
  /** Read at every check, so a change at runtime applies to live calls. */
  setting: RtpTimeoutSetting;
  onTimeout(timeoutMs: number): void;
  /** How often to look (default 250 ms): the hang-up comes at most this late. */
  checkEveryMs?: number;
  now?(): number;
}

/** Starts watching; returns the function that stops it. */
export function watchRtpTimeout(options: RtpTimeoutWatchOptions): () => void {
  const now = options.now ?? Date.now;
  const timer = setInterval(() => {
    const timeoutMs = options.setting.timeoutMs();
    if (!rtpTimedOut(options.activity(), timeoutMs, now())) return;
    clearInterval(timer);
    options.onTimeout(timeoutMs);
  }, options.checkEveryMs ?? 250);
  timer.unref();
  return () => clearInterval(timer);
}

/** The cause written in the call record, in the words of Asterisk's log ("for lack of RTP activity"). */
export function rtpTimeoutCause(timeoutMs: number): string {
  return `no media from the agent for ${formatSeconds(timeoutMs)} s (RTP timeout)`;
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(1);
}
