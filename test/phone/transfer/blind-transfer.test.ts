// Blind transfer on the fake PBX, answered as Asterisk's res_pjsip_refer does (field notes,
// "Transfers at the PBX"): the customer is held, one REFER goes out, every NOTIFY is answered
// 200, the final 200 makes the phone hang up its own leg (no BYE comes from the PBX) and the
// call ends as transferred; any failure before it resumes the customer and says why.
import { describe, expect, it, vi } from 'vitest';
import { english, speak } from '../../../common/i18n/say';
import { PhoneError, type CallState } from '../../../renderer/src/phone';
import { FakeSdh } from '../support/fake-sdh';
import { transferKit, type InCall } from '../support/transfer-kit';

const { inCall } = transferKit();
const EXT = { kind: 'extension', extension: '1002' } as const;
const stages = (ctx: InCall): string[] => ctx.transfers.map((t) => (t.stage === 'failed' ? `failed:${t.failure.kind}` : t.stage));
const methods = (ctx: InCall): string[] => ctx.server.received.filter((m) => m.callId === ctx.customerCallId && m.method !== 'ACK').map((m) => m.method);

describe('blind transfer', () => {
  it('holds the customer, sends one REFER, follows 100 → 180 → 200, hangs up its own leg and ends as transferred', async () => {
    const ctx = await inCall();
    const { phone, pbx, server, customerCallId } = ctx;
    const customer = phone.call!;
    const result = phone.transfer(EXT);
    await vi.waitFor(() => expect(pbx.refers).toHaveLength(1));
    expect(customer.state.kind).toBe('held');
    expect(FakeSdh.last?.holds.at(-1)).toBe(true);
    const refer = pbx.refers[0]!;
    expect(refer.callId).toBe(customerCallId);
    expect(refer.getHeader('refer-to')).toBe('<sip:1002@127.0.0.1>');
    expect(refer.getHeader('referred-by')).toBe('<sip:1001@127.0.0.1>');
    expect(refer.getHeader('refer-sub')).toBeUndefined();
    pbx.sipfrag(customerCallId, 100, 'Trying');
    pbx.sipfrag(customerCallId, 180, 'Ringing');
    await vi.waitFor(() => expect(stages(ctx)).toEqual(['requested', 'trying', 'ringing']));
    expect(customer.state.kind).toBe('held');
    pbx.sipfrag(customerCallId, 200, 'OK');
    expect(await result).toEqual({ stage: 'done' });
    expect(stages(ctx)).toEqual(['requested', 'trying', 'ringing', 'done']);
    expect(pbx.notifyAnswers(customerCallId)).toEqual([200, 200, 200]);
    expect(methods(ctx)).toEqual(['INVITE', 'REFER', 'BYE']); // hold, transfer, our own hang-up
    const ended = customer.state as Extract<CallState, { kind: 'ended' }>;
    expect(ended).toMatchObject({ kind: 'ended', cause: 'transferred', by: 'agent', transfer: { target: '1002', at: expect.any(Number) } });
    expect(server.count('REFER')).toBe(1);
  });

  it('is done on a final 200 right after 180 (Asterisk counts ringback as bridged) and on one right after 100', async () => {
    for (const frags of [[[100, 'Trying'], [180, 'Ringing'], [200, 'OK']], [[100, 'Trying'], [200, 'OK']]] as const) {
      const ctx = await inCall();
      const result = ctx.phone.transfer(EXT);
      await vi.waitFor(() => expect(ctx.pbx.refers).toHaveLength(1));
      for (const [status, reason] of frags) ctx.pbx.sipfrag(ctx.customerCallId, status, reason);
      expect(await result).toEqual({ stage: 'done' });
      expect(ctx.transfers.at(-1)).toMatchObject({ stage: 'done', callId: ctx.phone.call!.id, kind: 'blind', target: '1002' });
      expect(ctx.phone.call?.state).toMatchObject({ kind: 'ended', cause: 'transferred' });
    }
  });

  it('fails on 404 before the final 200 (the dialplan has no such target, nothing moved): the customer is resumed and told why', async () => {
    const ctx = await inCall();
    const customer = ctx.phone.call!;
    const result = ctx.phone.transfer(EXT);
    await vi.waitFor(() => expect(ctx.pbx.refers).toHaveLength(1));
    ctx.pbx.sipfrag(ctx.customerCallId, 100, 'Trying');
    ctx.pbx.sipfrag(ctx.customerCallId, 404, 'Not Found');
    const final = await result;
    if (final.stage !== 'failed') throw new Error('not failed');
    expect(english(final.failure.reason)).toBe('The transfer to 1002 did not go through: 1002 does not exist. The customer is back with you.');
    expect(speak('es', final.failure.reason)).toMatch(/^La transferencia a 1002 no se pudo completar: .* El cliente vuelve a estar con usted\.$/);
    expect(customer.state.kind).toBe('active');
    expect(FakeSdh.last?.holds.slice(-2)).toEqual([true, false]);
    expect(methods(ctx)).toEqual(['INVITE', 'REFER', 'INVITE']); // hold, transfer, resume: no BYE
  });

  it('fails on 486, 503 and 603 after the platform started it: the customer was moved (Asterisk), so the lone leg is hung up and the agent told', async () => {
    const said: string[] = [];
    for (const [status, reason] of [[486, 'Busy Here'], [503, 'Service Unavailable'], [603, 'Decline']] as const) {
      const ctx = await inCall();
      const customer = ctx.phone.call!;
      const result = ctx.phone.transfer(EXT);
      await vi.waitFor(() => expect(ctx.pbx.refers).toHaveLength(1));
      ctx.pbx.sipfrag(ctx.customerCallId, 100, 'Trying');
      ctx.pbx.sipfrag(ctx.customerCallId, 180, 'Ringing');
      ctx.pbx.sipfrag(ctx.customerCallId, status, reason);
      const final = await result;
      expect(final).toMatchObject({ stage: 'failed', failure: { status } });
      if (final.stage !== 'failed') throw new Error('not failed');
      said.push(`${final.failure.kind}: ${english(final.failure.reason)}`);
      expect(speak('es', final.failure.reason)).toMatch(/^La transferencia a 1002 no se pudo completar: .* La plataforma ya había sacado al cliente de su llamada/);
      await vi.waitFor(() => expect(customer.state.kind).toBe('ended'));
      expect(methods(ctx)).toEqual(['INVITE', 'REFER', 'BYE']); // hold, transfer, the lone leg hung up: no resume
    }
    expect(said).toEqual([
      'busy: The transfer to 1002 did not go through: 1002 is busy. The platform had already taken the customer off your call, so their call has ended: call them back from Recent calls if needed.',
      'unavailable: The transfer to 1002 did not go through: 1002 is not available right now (503). The platform had already taken the customer off your call, so their call has ended: call them back from Recent calls if needed.',
      'declined: The transfer to 1002 did not go through: 1002 declined the call. The platform had already taken the customer off your call, so their call has ended: call them back from Recent calls if needed.',
    ]);
  });

  it('fails at once when the REFER itself is refused (603: transfers not allowed)', async () => {
    const ctx = await inCall();
    ctx.pbx.refer = { status: 603, reason: 'Decline' };
    const final = await ctx.phone.transfer(EXT);
    expect(final).toMatchObject({ stage: 'failed', failure: { kind: 'not-allowed', status: 603 } });
    expect(stages(ctx)).toEqual(['requested', 'failed:not-allowed']);
    expect(ctx.phone.call?.state.kind).toBe('active');
  });

  it('takes the final answer as the result when the PBX reports no progress (Refer-Sub: false)', async () => {
    const asked = await inCall({ transfer: { withoutProgress: true } });
    asked.pbx.refer = { status: 200, reason: 'OK', referSub: false };
    expect(await asked.phone.transfer(EXT)).toEqual({ stage: 'done' });
    expect(asked.pbx.refers[0]!.getHeader('refer-sub')).toBe('false');
    expect(asked.phone.call?.state).toMatchObject({ kind: 'ended', cause: 'transferred' });

    const refused = await inCall({ transfer: { withoutProgress: true } });
    refused.pbx.refer = { status: 404, reason: 'Not Found' };
    expect(await refused.phone.transfer(EXT)).toMatchObject({ stage: 'failed', failure: { kind: 'not-found', status: 404 } });
    expect(refused.phone.call?.state.kind).toBe('active');

    // Not asked for, but answered that way: no NOTIFY will come, the 2xx is the result.
    const unasked = await inCall();
    unasked.pbx.refer = { status: 202, reason: 'Accepted', referSub: false };
    expect(await unasked.phone.transfer(EXT)).toEqual({ stage: 'done' });
  });

  it('fails as timeout when the REFER gets no answer, and when the result never comes', async () => {
    const silent = await inCall({ transfer: { answerMs: 200, resultMs: 400 } });
    silent.pbx.refer = null;
    expect(await silent.phone.transfer(EXT)).toMatchObject({ stage: 'failed', failure: { kind: 'timeout', status: null } });
    expect(silent.phone.call?.state.kind).toBe('active');

    const stuck = await inCall({ transfer: { answerMs: 200, resultMs: 400 } });
    const result = stuck.phone.transfer(EXT);
    await vi.waitFor(() => expect(stuck.pbx.refers).toHaveLength(1));
    stuck.pbx.sipfrag(stuck.customerCallId, 100, 'Trying');
    expect(await result).toMatchObject({ stage: 'failed', failure: { kind: 'timeout' } });
    expect(stages(stuck)).toEqual(['requested', 'trying', 'failed:timeout']);
    expect(stuck.phone.call?.state.kind).toBe('active');
    // A report after the phone gave up is answered and changes nothing.
    stuck.pbx.sipfrag(stuck.customerCallId, 200, 'OK');
    await vi.waitFor(() => expect(stuck.pbx.notifyAnswers(stuck.customerCallId)).toEqual([200, 200]));
    expect(stuck.phone.call?.state.kind).toBe('active');
  });

  it('answers garbage, repeated and out-of-order NOTIFYs 200 without moving, and ends without a result as no-result', async () => {
    const ctx = await inCall();
    const { pbx, customerCallId: id } = ctx;
    const result = ctx.phone.transfer(EXT);
    await vi.waitFor(() => expect(pbx.refers).toHaveLength(1));
    pbx.notify(id, 'garbage');
    pbx.notify(id, '');
    pbx.notify(id, 'SIP/2.0 999 Nope');
    pbx.notify(id, `SIP/2.0 200 ${'x'.repeat(20_000)}`, 'active', { Event: 'dialog' });
    pbx.notify(id, '\u202E\u0000SIP/2.0 200 OK', 'active', { 'Content-Type': 'text/plain' });
    pbx.sipfrag(id, 180, 'Ringing');
    pbx.sipfrag(id, 100, 'Trying');
    pbx.sipfrag(id, 180, 'Ringing');
    pbx.notify(id, 'SIP/2.0 180 Ringing', 'terminated');
    const final = await result;
    expect(final).toMatchObject({ stage: 'failed', failure: { kind: 'no-result', status: 180 } });
    await vi.waitFor(() => expect(pbx.notifyAnswers(id)).toHaveLength(9));
    expect(pbx.notifyAnswers(id).every((s) => s === 200)).toBe(true);
    expect(stages(ctx)).toEqual(['requested', 'trying', 'ringing', 'failed:no-result']);
    expect(ctx.phone.call?.state.kind).toBe('active');
  });

  it('reports the customer gone when the customer hangs up while it is tried, and survives a NOTIFY after the call ended', async () => {
    const ctx = await inCall();
    const customer = ctx.phone.call!;
    const result = ctx.phone.transfer(EXT);
    await vi.waitFor(() => expect(ctx.pbx.refers).toHaveLength(1));
    ctx.pbx.sipfrag(ctx.customerCallId, 180, 'Ringing');
    ctx.server.bye(ctx.customerCallId);
    expect(await result).toMatchObject({ stage: 'failed', failure: { kind: 'customer-gone', status: null } });
    expect(customer.state).toEqual({ kind: 'ended', cause: 'hangup', by: 'remote' });
    ctx.pbx.sipfrag(ctx.customerCallId, 503, 'Service Unavailable');
    await vi.waitFor(() => expect(ctx.server.responses.filter((r) => r.method === 'NOTIFY')).toHaveLength(2));
    expect(ctx.transfers.filter((t) => t.stage === 'failed')).toHaveLength(1);
    expect(ctx.phone.registration.kind).toBe('registered');
  });
});

describe('blind transfer guards', () => {
  it('sends one REFER for a double click and refuses a second transfer while one is under way', async () => {
    const ctx = await inCall();
    const first = ctx.phone.transfer(EXT);
    const second = ctx.phone.transfer(EXT);
    await expect(second).rejects.toThrow(PhoneError);
    await expect(second).rejects.toThrow(/already being transferred/);
    await vi.waitFor(() => expect(ctx.pbx.refers).toHaveLength(1));
    await expect(ctx.phone.transfer({ kind: 'number', number: '099123456' })).rejects.toThrow(/already being transferred/);
    ctx.pbx.sipfrag(ctx.customerCallId, 200, 'OK');
    expect(await first).toEqual({ stage: 'done' });
    expect(ctx.server.count('REFER')).toBe(1);
  });

  it('fails at once as no-connection without a SIP connection, the call untouched', async () => {
    const ctx = await inCall();
    const customer = ctx.phone.call!;
    ctx.server.refuseConnections = true;
    ctx.server.drop();
    const sent = ctx.server.received.length;
    expect(await ctx.phone.transfer(EXT)).toMatchObject({ stage: 'failed', failure: { kind: 'no-connection' } });
    expect(stages(ctx)).toEqual(['failed:no-connection']);
    expect(english(ctx.transfers[0]!.stage === 'failed' ? ctx.transfers[0]!.failure.reason : { key: '', params: {} })).toMatch(/no connection to the platform/);
    expect(customer.state.kind).toBe('active');
    expect(ctx.server.received.length).toBe(sent);
  });

  it('refuses a target that would not make a clean URI before anything is sent', async () => {
    const ctx = await inCall();
    const sent = ctx.server.received.length;
    await expect(ctx.phone.transfer({ kind: 'number', number: '099; drop' })).rejects.toThrow(/A number is digits only/);
    await expect(ctx.phone.transfer({ kind: 'extension', extension: '' })).rejects.toThrow(/Choose where to send the call/);
    expect(ctx.server.received.length).toBe(sent);
    expect(ctx.transfers).toEqual([]);
    expect(ctx.phone.call?.state.kind).toBe('active');
  });
});
