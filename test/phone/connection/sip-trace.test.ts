import { describe, expect, it } from 'vitest';
import { SIP_TRACE_BUDGET_CHARS, SIP_TRACE_MESSAGE_CHARS, SIP_TRACE_MESSAGES } from '../../../common/ipc/sip-trace';
import { SipTrace } from '../../../renderer/src/phone/connection/sip-trace';

describe('the phone\'s SIP trace', () => {
  it('keeps the last messages, each cut to its bound, all within the budget', () => {
    const trace = new SipTrace(() => Date.UTC(2026, 10, 26));
    trace.record('sent', `INVITE ${'a'.repeat(SIP_TRACE_MESSAGE_CHARS + 10)}`);
    expect(trace.read()[0]).toMatchObject({ at: '2026-11-26T00:00:00.000Z', direction: 'sent', cut: 17 });
    for (let i = 0; i < SIP_TRACE_MESSAGES + 5; i += 1) trace.record('received', `SIP/2.0 200 OK ${i}`);
    expect(trace.read()).toHaveLength(SIP_TRACE_MESSAGES);
    expect(trace.read().at(-1)?.text).toBe(`SIP/2.0 200 OK ${SIP_TRACE_MESSAGES + 4}`);
    for (let i = 0; i < SIP_TRACE_MESSAGES; i += 1) trace.record('received', 'b'.repeat(SIP_TRACE_MESSAGE_CHARS));
    expect(trace.read().reduce((sum, e) => sum + e.text.length, 0)).toBeLessThanOrEqual(SIP_TRACE_BUDGET_CHARS);
  });
});
