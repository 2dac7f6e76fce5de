// Attended (consult) transfer on the fake PBX: consult, then complete with a REFER whose
// Replaces names the consultation's dialog (NOTIFY 100 then 200; the PBX hangs up the
// consultation, the phone the customer), or cancel, or swap between the two; a party that
// hangs up meanwhile is said, and the agent keeps the other.
import { describe, expect, it, vi } from 'vitest';
import { english } from '../../../common/i18n/say';
import { PhoneError, type CallState } from '../../../renderer/src/phone';
import { callIdOf, transferKit, type InCall } from '../support/transfer-kit';

const { inCall } = transferKit();
const EXT = { kind: 'extension', extension: '1002' } as const;
const consultationStates = (ctx: InCall): string[] => ctx.consultations.map((c) => (c.state.kind === 'ended' ? `ended:${c.state.outcome}` : c.state.kind));
const sentOn = (ctx: InCall, callId: string, method: string): number => ctx.server.received.filter((m) => m.callId === callId && m.method === method).length;

async function consulting(extra: Parameters<typeof inCall>[0] = {}) {
  const ctx = await inCall(extra);
  const customer = ctx.phone.call!;
  const consultation = await ctx.phone.consult(EXT);
  await vi.waitFor(() => expect(consultation.state.kind).toBe('active'));
  return { ...ctx, customer, consultation, consultCallId: callIdOf(ctx.pbx) };
}

describe('attended transfer', () => {
  it('completes with a REFER on the customer dialog whose Replaces names the consultation; both calls end as transferred', async () => {
    const ctx = await consulting();
    const { phone, pbx, customer, consultation, consultCallId, customerCallId } = ctx;
    expect(consultationStates(ctx)).toEqual(['dialling', 'open']);
    expect(phone.consultation).toMatchObject({ customer, consultation, target: '1002', state: { kind: 'open' } });
    const result = phone.completeTransfer();
    await vi.waitFor(() => expect(pbx.refers).toHaveLength(1));
    const refer = pbx.refers[0]!;
    const invite = pbx.invites[0]!;
    const phoneTag = /;tag=([^;>\s]+)/.exec(invite.getHeader('from') ?? '')?.[1];
    const escaped = (s: string): string => s.replace(/[^A-Za-z0-9\-_.!~*'()[\]/?:+$]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    expect(refer.callId).toBe(customerCallId);
    expect(refer.getHeader('refer-to')).toBe(`<sip:1002@127.0.0.1?Replaces=${escaped(consultCallId)}%3Bto-tag%3D${pbx.tags.get(consultCallId)}%3Bfrom-tag%3D${phoneTag}>`);
    expect(refer.getHeader('referred-by')).toBe('<sip:1001@127.0.0.1>');
    expect(consultationStates(ctx)).toEqual(['dialling', 'open', 'completing']);
    pbx.sipfrag(customerCallId, 100, 'Trying');
    pbx.bye(consultCallId); // Asterisk hangs up the replaced consultation leg itself
    pbx.sipfrag(customerCallId, 200, 'OK');
    expect(await result).toEqual({ stage: 'done' });
    expect(ctx.transfers.map((t) => `${t.kind}:${t.stage}`)).toEqual(['attended:requested', 'attended:trying', 'attended:done']);
    expect(customer.state).toMatchObject({ kind: 'ended', cause: 'transferred', by: 'agent', transfer: { target: '1002' } });
    expect(consultation.state).toMatchObject({ kind: 'ended', cause: 'transferred', by: 'remote', transfer: { target: '1002' } });
    expect(sentOn(ctx, customerCallId, 'BYE')).toBe(1);
    expect(sentOn(ctx, consultCallId, 'BYE')).toBe(0);
    expect(consultationStates(ctx).at(-1)).toBe('ended:transferred');
    expect(phone.consultation).toBeNull();
  });

  it('hangs up a consultation leg the PBX leaves up after the final 200', async () => {
    const ctx = await consulting({ transfer: { replacedLegMs: 100 } });
    const result = ctx.phone.completeTransfer();
    await vi.waitFor(() => expect(ctx.pbx.refers).toHaveLength(1));
    ctx.pbx.sipfrag(ctx.customerCallId, 100, 'Trying');
    ctx.pbx.sipfrag(ctx.customerCallId, 200, 'OK');
    expect(await result).toEqual({ stage: 'done' });
    await vi.waitFor(() => expect(ctx.consultation.state).toMatchObject({ kind: 'ended', cause: 'transferred', by: 'agent' }));
    expect(sentOn(ctx, ctx.consultCallId, 'BYE')).toBe(1);
  });

  it('keeps both calls as they were when the completion fails; the agent is still with the target', async () => {
    const ctx = await consulting();
    ctx.pbx.refer = { status: 404, reason: 'Not Found' }; // Asterisk: the Replaces names no dialog it knows
    expect(await ctx.phone.completeTransfer()).toMatchObject({ stage: 'failed', failure: { kind: 'not-found', status: 404 } });
    expect(ctx.customer.state.kind).toBe('held');
    expect(ctx.consultation.state.kind).toBe('active');
    expect(consultationStates(ctx)).toEqual(['dialling', 'open', 'completing', 'open']);
    // The expected hand-over is off again: the target hanging up now is a hang-up.
    ctx.pbx.bye(ctx.consultCallId);
    await vi.waitFor(() => expect(ctx.consultation.state).toEqual({ kind: 'ended', cause: 'hangup', by: 'remote' }));
    expect(consultationStates(ctx).at(-1)).toBe('ended:target-left');
  });

  it('cancel hangs up the consultation and resumes the customer, also while it still rings', async () => {
    const ctx = await consulting();
    await ctx.phone.cancelConsultation();
    expect(ctx.consultation.state).toEqual({ kind: 'ended', cause: 'hangup', by: 'agent' });
    expect(ctx.customer.state.kind).toBe('active');
    expect(consultationStates(ctx).at(-1)).toBe('ended:cancelled');

    const ringing = await inCall();
    ringing.pbx.callee = { challenge: false, provisional: [180], final: null };
    const call = await ringing.phone.consult(EXT);
    await vi.waitFor(() => expect(call.state.kind).toBe('remote-ringing'));
    await ringing.phone.cancelConsultation();
    expect(ringing.server.count('CANCEL')).toBe(1);
    await vi.waitFor(() => expect(call.state).toEqual({ kind: 'ended', cause: 'cancelled', by: 'agent' }));
    expect(ringing.phone.call?.state.kind).toBe('active');
    expect(consultationStates(ringing)).toEqual(['dialling', 'ended:cancelled']);
  });

  it('swaps between customer and consultation, and refuses to while the consultation rings', async () => {
    const ctx = await inCall();
    ctx.pbx.callee = { challenge: false, provisional: [180], final: null };
    const customer = ctx.phone.call!;
    const consultation = await ctx.phone.consult(EXT);
    await vi.waitFor(() => expect(consultation.state.kind).toBe('remote-ringing'));
    await expect(ctx.phone.swap()).rejects.toThrow(/not been answered yet/);
    ctx.pbx.answerCall(callIdOf(ctx.pbx));
    await vi.waitFor(() => expect(consultation.state.kind).toBe('active'));
    expect([ctx.phone.call, ctx.phone.heldCall]).toEqual([consultation, customer]);
    await ctx.phone.swap();
    expect([customer.state.kind, consultation.state.kind]).toEqual(['active', 'held']);
    expect([ctx.phone.call, ctx.phone.heldCall]).toEqual([customer, consultation]);
    expect(ctx.phone.consultation?.state.kind).toBe('open');
    await ctx.phone.swap();
    expect([customer.state.kind, consultation.state.kind]).toEqual(['held', 'active']);
  });
});

describe('a party hangs up during a consultation', () => {
  it('the target: the customer stays on hold, the agent is told, and one action resumes', async () => {
    const ctx = await consulting();
    ctx.pbx.bye(ctx.consultCallId);
    await vi.waitFor(() => expect(consultationStates(ctx).at(-1)).toBe('ended:target-left'));
    const ended = ctx.consultations.at(-1)!.state;
    expect(ended.kind === 'ended' && english(ended.reason)).toBe("1002 hung up. The customer's call goes on (resume it if it is on hold).");
    expect(ctx.customer.state.kind).toBe('held');
    expect(ctx.phone.call).toBe(ctx.customer);
    await ctx.phone.resume();
    expect(ctx.customer.state.kind).toBe('active');
  });

  it('the customer: the agent keeps the target as a plain call', async () => {
    const ctx = await consulting();
    ctx.server.bye(ctx.customerCallId);
    await vi.waitFor(() => expect(consultationStates(ctx).at(-1)).toBe('ended:customer-left'));
    const ended = ctx.consultations.at(-1)!.state;
    expect(ended.kind === 'ended' && english(ended.reason)).toBe('The customer hung up. You are still on the call with 1002.');
    expect(ctx.consultation.state.kind).toBe('active');
    expect(ctx.phone.call).toBe(ctx.consultation);
    expect(ctx.phone.consultation).toBeNull();
  });

  it('the target never answers (486): not reached, with why; the customer waits on hold', async () => {
    const ctx = await inCall();
    ctx.pbx.callee = { challenge: false, provisional: [180], final: 486 };
    const consultation = await ctx.phone.consult(EXT);
    await vi.waitFor(() => expect(consultationStates(ctx).at(-1)).toBe('ended:not-reached'));
    const ended = ctx.consultations.at(-1)!.state;
    expect(ended.kind === 'ended' && english(ended.reason)).toBe('Could not reach 1002: 1002 is busy. The customer is still on hold: resume to talk to them.');
    expect((consultation.state as Extract<CallState, { kind: 'ended' }>).failure).toEqual({ status: 486, kind: 'busy' });
    expect(ctx.phone.call?.state.kind).toBe('held');
  });
});

describe('consultation guards', () => {
  it('places one call for a double click and refuses a second consultation, a blind transfer or a completion before the answer', async () => {
    const ctx = await inCall();
    ctx.pbx.callee = { challenge: false, provisional: [180], final: null };
    const first = ctx.phone.consult(EXT);
    await expect(ctx.phone.consult(EXT)).rejects.toThrow(/already being transferred|already open/);
    await first;
    await vi.waitFor(() => expect(ctx.pbx.invites).toHaveLength(1));
    await expect(ctx.phone.consult({ kind: 'extension', extension: '1003' })).rejects.toThrow(PhoneError);
    await expect(ctx.phone.completeTransfer()).rejects.toThrow(/has not answered yet/);
    ctx.pbx.answerCall(callIdOf(ctx.pbx));
    await vi.waitFor(() => expect(ctx.phone.consultation?.state.kind).toBe('open'));
    await expect(ctx.phone.transfer(EXT)).rejects.toThrow(/complete or cancel the consultation/);
    expect(ctx.pbx.refers).toHaveLength(0);
  });

  it('refuses without a consultation, and without a SIP connection', async () => {
    const ctx = await inCall();
    await expect(ctx.phone.completeTransfer()).rejects.toThrow(/no consultation open/);
    await expect(ctx.phone.cancelConsultation()).rejects.toThrow(/no consultation open/);
    ctx.server.refuseConnections = true;
    ctx.server.drop();
    await expect(ctx.phone.consult(EXT)).rejects.toThrow(/no connection to the platform/);
    expect(ctx.phone.call?.state.kind).toBe('active');
    expect(ctx.pbx.invites).toHaveLength(0);
  });
});
