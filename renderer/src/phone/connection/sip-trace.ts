/**
 * The phone's SIP trace: every SIP message its WebSocket sends or receives
 * (not keep-alives), the last SIP_TRACE_MESSAGES of them, each cut to
 * SIP_TRACE_MESSAGE_CHARS and all within SIP_TRACE_BUDGET_CHARS, so the diagnostics bundle can show IT what the
 * PBX and the phone said in the last calls. One trace outlives the phones
 * built after a network change; reading it copies.
 */
import type { SipTraceEntry } from '../../../../common/ipc/sip-trace';
import { SIP_TRACE_BUDGET_CHARS, SIP_TRACE_MESSAGE_CHARS, SIP_TRACE_MESSAGES } from '../../../../common/ipc/phone-bounds';

export class SipTrace {
  private readonly entries: SipTraceEntry[] = [];
  private chars = 0;

  constructor(private readonly now: () => number = () => Date.now()) {}

  record(direction: SipTraceEntry['direction'], message: string): void {
    const text = message.slice(0, SIP_TRACE_MESSAGE_CHARS);
    this.entries.push({ at: new Date(this.now()).toISOString(), direction, text, cut: message.length - text.length });
    this.chars += text.length;
    while (this.entries.length > SIP_TRACE_MESSAGES || this.chars > SIP_TRACE_BUDGET_CHARS) this.chars -= this.entries.shift()?.text.length ?? 0;
  }

  /** Oldest first. */
  read(): SipTraceEntry[] {
    return [...this.entries];
  }
}
