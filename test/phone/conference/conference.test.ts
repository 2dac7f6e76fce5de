// The three-way call's signalling on the fake PBX (the mixing itself is measured in Chromium:
// conference-chromium.test.ts): both calls active, hold and resume of the whole conference,
// mute per party, drop a party, a party leaving, and leaving the two talking (attended transfer).
import { describe, expect, it, vi } from 'vitest';
import { callIdOf, transferKit, type InCall } from '../support/transfer-kit';

const { inCall } = transferKit();
const EXT = { kind: 'extension', extension: '1002' } as const;
const stages = (ctx: InCall): string[] => ctx.conferences.map((c) => c.stage);
const lastConsultation = (ctx: InCall): string => {
  const state = ctx.consultations.at(-1)?.state;
  return state?.kind === 'ended' ? `ended:${state.outcome}` : (state?.kind ?? 'none');
};

async function inConference() {
  const ctx = await inCall();
  const customer = ctx.phone.call!;
  const consultation = await ctx.phone.consult(EXT);
  await vi.waitFor(() => expect(consultation.state.kind).toBe('active'));
  await ctx.phone.conference();
  return { ...ctx, customer, consultation, consultCallId: callIdOf(ctx.pbx) };
}

describe('three-way call', () => {
  it('resumes the customer so both are active, and holds and resumes the two together', async () => {
    const ctx = await inConference();
    const { phone, customer, consultation } = ctx;
    expect([customer.state.kind, consultation.state.kind]).toEqual(['active', 'active']);
    expect(stages(ctx)).toEqual(['mixing']);
    expect(lastConsultation(ctx)).toBe('conference');
    expect(phone.conferenceState).toEqual({ stage: 'mixing', parties: [{ callId: customer.id, muted: false }, { callId: consultation.id, muted: false }] });
    await phone.hold();
    expect([customer.state.kind, consultation.state.kind]).toEqual(['held', 'held']);
    await phone.resume();
    expect([customer.state.kind, consultation.state.kind]).toEqual(['active', 'active']);
    expect(stages(ctx)).toEqual(['mixing', 'held', 'mixing']);
    await expect(phone.swap()).rejects.toThrow(/both parties are with you/);
  });

  it("mutes the agent toward both parties, and mutes one party as a listener", async () => {
    const ctx = await inConference();
    const muted: string[] = [];
    ctx.phone.on('mute', (m) => muted.push(`${m.callId === ctx.customer.id ? 'customer' : 'consultation'}:${m.muted}`));
    ctx.phone.setMuted(true);
    expect(muted).toEqual(['customer:true', 'consultation:true']);
    ctx.phone.setPartyMuted(ctx.consultation.id, true);
    expect(ctx.phone.conferenceState?.parties).toEqual([{ callId: ctx.customer.id, muted: false }, { callId: ctx.consultation.id, muted: true }]);
    ctx.phone.setPartyMuted(ctx.consultation.id, false);
    expect(ctx.conferences.map((c) => c.parties[1]!.muted)).toEqual([false, true, false]);
  });

  it('drops a party: that call is hung up, the other goes on as a normal call', async () => {
    const target = await inConference();
    await target.phone.dropParty(target.consultation.id);
    expect(target.consultation.state).toEqual({ kind: 'ended', cause: 'hangup', by: 'agent' });
    expect(target.customer.state.kind).toBe('active');
    expect(stages(target).at(-1)).toBe('ended');
    expect(lastConsultation(target)).toBe('ended:cancelled');
    expect(target.phone.conferenceState).toBeNull();

    const customer = await inConference();
    await customer.phone.dropParty(customer.customer.id);
    expect(customer.customer.state).toEqual({ kind: 'ended', cause: 'hangup', by: 'agent' });
    expect(customer.consultation.state.kind).toBe('active');
    expect(lastConsultation(customer)).toBe('ended:customer-dropped');
  });

  it('ends when a party hangs up; the other stays active', async () => {
    const ctx = await inConference();
    ctx.pbx.bye(ctx.consultCallId);
    await vi.waitFor(() => expect(stages(ctx).at(-1)).toBe('ended'));
    expect(lastConsultation(ctx)).toBe('ended:target-left');
    expect(ctx.customer.state.kind).toBe('active');
    expect(ctx.phone.call).toBe(ctx.customer);
  });

  it('leaves the two talking: the attended transfer, after which both calls end as transferred', async () => {
    const ctx = await inConference();
    const result = ctx.phone.leaveConference();
    await vi.waitFor(() => expect(ctx.pbx.refers).toHaveLength(1));
    expect(ctx.pbx.refers[0]!.getHeader('refer-to')).toMatch(/^<sip:1002@127\.0\.0\.1\?Replaces=[^>]+%3Bto-tag%3D[^>]+%3Bfrom-tag%3D[^>]+>$/);
    expect(lastConsultation(ctx)).toBe('completing');
    ctx.pbx.sipfrag(ctx.customerCallId, 100, 'Trying');
    ctx.pbx.bye(ctx.consultCallId);
    ctx.pbx.sipfrag(ctx.customerCallId, 200, 'OK');
    expect(await result).toEqual({ stage: 'done' });
    expect(ctx.customer.state).toMatchObject({ kind: 'ended', cause: 'transferred' });
    expect(ctx.consultation.state).toMatchObject({ kind: 'ended', cause: 'transferred' });
    expect(stages(ctx).at(-1)).toBe('ended');
    expect(lastConsultation(ctx)).toBe('ended:transferred');
  });

  it('goes back to the conference when leaving fails', async () => {
    const ctx = await inConference();
    ctx.pbx.refer = { status: 603, reason: 'Decline' };
    expect(await ctx.phone.leaveConference()).toMatchObject({ stage: 'failed', failure: { kind: 'not-allowed' } });
    expect(lastConsultation(ctx)).toBe('conference');
    expect(ctx.phone.conferenceState?.stage).toBe('mixing');
  });
});

describe('three-way call guards', () => {
  it('needs a customer and an answered consultation', async () => {
    const ctx = await inCall();
    await expect(ctx.phone.conference()).rejects.toThrow(/no consultation open/);
    ctx.pbx.callee = { challenge: false, provisional: [180], final: null };
    await ctx.phone.consult(EXT);
    await expect(ctx.phone.conference()).rejects.toThrow(/needs the customer and an answered consultation/);
    expect(() => ctx.phone.setPartyMuted(ctx.phone.call!.id, true)).toThrow(/not part of a three-way call/);
    expect(ctx.conferences).toEqual([]);
  });
});
