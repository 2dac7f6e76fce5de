// Issue 24, the take-over on the fake PBX: a second phone (the reloaded page)
// (on a server of its own: the fake server carries one phone's transport)
// takes the first one's call with a re-INVITE in its dialog: the same Call-ID
// and tags, a CSeq above the old page's, the old dialog's remote target as
// Request-URI; on 200 the call is an ordinary active (or held) call with the
// old timer, mute and id; a 481 ends it as dropped with the reason in words.
import { describe, expect, it, vi } from 'vitest';
import { english } from '../../../common/i18n/say';
import { liveCallSnapshot, type CallState } from '../../../renderer/src/phone';
import { TAKEOVER_CSEQ_MARGIN } from '../../../renderer/src/phone/call/taken-over-call';
import { FakeSdh } from '../support/fake-sdh';
import { FakeSipServer } from '../support/fake-sip-server';
import { callIdOf, transferKit } from '../support/transfer-kit';

const kit = transferKit();

async function oldPageCall(prepare: 'none' | 'hold' | 'mute' = 'none') {
  const old = await kit.inCall();
  if (prepare === 'hold') await old.phone.hold();
  if (prepare === 'mute') old.phone.setMuted(true);
  const snapshot = liveCallSnapshot(old.phone.call!, { notes: 'quiere la factura', placed: null });
  if (!snapshot?.dialog) throw new Error('the old page had no dialog to report');
  return { ...old, snapshot: { ...snapshot, dialog: snapshot.dialog } };
}

const invitesOf = (server: Awaited<ReturnType<typeof kit.inCall>>['server'], callId: string) => server.received.filter((m) => m.method === 'INVITE' && m.callId === callId);

describe('a call taken over by a reloaded page', () => {
  it('sends a re-INVITE in the old dialog and becomes an ordinary active call with the old timer', async () => {
    const { customerCallId, snapshot } = await oldPageCall('hold');
    expect(snapshot.dialog.localSeq).not.toBeNull();
    const server = new FakeSipServer();
    const page = await kit.registered(server);
    const before = invitesOf(server, customerCallId).length;
    const outcome = page.takeOver({ ...snapshot, state: 'active', heldSince: null });
    // While under way, a page reloaded again would start above this one.
    expect(liveCallSnapshot(page.call!, { notes: '', placed: null })?.dialog?.localSeq).toBe(snapshot.dialog.localSeq! + TAKEOVER_CSEQ_MARGIN);
    expect(await outcome).toEqual({ kind: 'taken' });
    const invite = invitesOf(server, customerCallId)[before]!;
    expect(invite.fromTag).toBe(snapshot.dialog.localTag);
    expect(invite.toTag).toBe(snapshot.dialog.remoteTag);
    expect(invite.cseq).toBe(snapshot.dialog.localSeq! + TAKEOVER_CSEQ_MARGIN);
    expect(invite.ruri?.toString()).toBe(snapshot.dialog.remoteTarget);
    const call = page.call!;
    expect(call.state.kind).toBe('active');
    expect(call.id).toBe(snapshot.id);
    expect(call.activeSince).toBe(snapshot.answeredAt);
    expect(call.info).toMatchObject({ takenOver: true, cti: snapshot.cti });
    // From here on it is any call: its BYE goes in the same dialog.
    expect(await call.hangUp()).toEqual({ signalled: true });
    const bye = server.received.find((m) => m.method === 'BYE' && m.callId === customerCallId);
    expect(bye?.fromTag).toBe(snapshot.dialog.localTag);
  });

  it('holds a call that was held (its offer says so) and keeps a muted one muted', async () => {
    const held = await oldPageCall('hold');
    const page = await kit.registered(new FakeSipServer());
    expect(await page.takeOver(held.snapshot)).toEqual({ kind: 'taken' });
    expect(page.call?.state.kind).toBe('held');
    expect(page.call?.heldSince).toBe(held.snapshot.heldSince);
    expect(FakeSdh.last?.holds.at(-1)).toBe(true);

    const muted = await oldPageCall('mute');
    expect(muted.snapshot.muted).toBe(true);
    const second = await kit.registered(new FakeSipServer());
    expect(await second.takeOver(muted.snapshot)).toEqual({ kind: 'taken' });
    expect(second.call?.isMuted).toBe(true);
    expect(second.call?.state.kind).toBe('active');
  });

  it('keeps the old route set for the requests after the take-over, when its 200 brings none (a proxy record-routes only the first INVITE)', async () => {
    const { snapshot, customerCallId } = await oldPageCall();
    const route = '<sip:127.0.0.1:5070;lr;r2=on>';
    const server = new FakeSipServer();
    const page = await kit.registered(server);
    expect(await page.takeOver({ ...snapshot, dialog: { ...snapshot.dialog, routeSet: [route] } })).toEqual({ kind: 'taken' });
    const invite = invitesOf(server, customerCallId).at(-1)!;
    expect(invite.getHeader('route')).toBe(route);
    await page.call!.hangUp();
    const bye = server.received.find((m) => m.method === 'BYE' && m.callId === customerCallId);
    expect(bye?.getHeader('route')).toBe(route);
    const ack = server.received.find((m) => m.method === 'ACK' && m.callId === customerCallId);
    expect(ack?.getHeader('route')).toBe(route);
  });

  it('ends as dropped, saying why, when the platform answers 481', async () => {
    const { snapshot } = await oldPageCall();
    const server = new FakeSipServer();
    const page = await kit.registered(server);
    server.reinviteAnswer = { status: 481, reason: 'Call/Transaction Does Not Exist' };
    expect(await page.takeOver(snapshot)).toEqual({ kind: 'lost', status: 481 });
    await vi.waitFor(() => expect(page.call?.state.kind).toBe('ended'));
    const state = page.call!.state as Extract<CallState, { kind: 'ended' }>;
    expect(state).toMatchObject({ cause: 'network-dropped', by: 'system' });
    // Answered on the earlier page: its records (recent calls, the wrap-up's start) know when.
    expect(page.call!.activeSince).toBe(snapshot.answeredAt);
    expect(english(state.reason!)).toBe('The page was reloaded during the call, and the platform answered 481 Call/Transaction Does Not Exist when the phone asked to take the call back.');
  });

  it('reports a consultation still ringing as ringing (no dialog), and an answered one with its dialog and its customer', async () => {
    const { phone, pbx } = await kit.inCall();
    pbx.callee = { challenge: false, provisional: [180], final: null };
    const customerId = phone.call!.id;
    const consultation = await phone.consult({ kind: 'extension', extension: '1002' });
    await vi.waitFor(() => expect(consultation.state.kind).toBe('remote-ringing'));
    expect(liveCallSnapshot(consultation, { notes: '', placed: null })).toMatchObject({ state: 'ringing', dialog: null, consultation: { of: customerId } });
    pbx.answerCall(callIdOf(pbx));
    await vi.waitFor(() => expect(consultation.state.kind).toBe('active'));
    expect(liveCallSnapshot(consultation, { notes: '', placed: null })).toMatchObject({ state: 'active', dialog: { callId: callIdOf(pbx) }, consultation: { of: customerId, target: '1002' } });
  });
});
