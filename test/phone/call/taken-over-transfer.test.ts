// Issue 24 with issue 22's transfers, on the fake PBX: a page reloaded during
// a consultation or a blind transfer. The old page reports the consultation
// leg with its link to the customer's call, and a blind transfer under way on
// the customer's call; the new page (a phone on a server of its own) takes
// both calls back, links the consultation to its customer again (Complete
// sends the REFER with Replaces naming the consultation's dialog), and
// follows the blind transfer's NOTIFYs that now come to it.
import { describe, expect, it, vi } from 'vitest';
import { liveCallSnapshot, type CallState, type Phone, type PhoneCall } from '../../../renderer/src/phone';
import type { LiveCallSnapshot, LiveDialog } from '../../../common/ipc/live-call';
import { FakePbx } from '../support/fake-pbx';
import { FakeSipServer } from '../support/fake-sip-server';
import { callIdOf, transferKit } from '../support/transfer-kit';

const kit = transferKit();
const EXT = { kind: 'extension', extension: '1002' } as const;
type Dialogued = LiveCallSnapshot & { dialog: LiveDialog };

function snapshotOf(phone: Phone, call: PhoneCall): Dialogued {
  const transfer = phone.blindTransferUnderWay(call.id);
  const snapshot = liveCallSnapshot(call, { notes: '', placed: null, ...(transfer ? { transfer } : {}) });
  if (!snapshot?.dialog) throw new Error(`the old page reported no dialog for ${call.id}`);
  return { ...snapshot, dialog: snapshot.dialog };
}

/** A NOTIFY from the platform in a dialog the new page took over, to the Contact of its take-over. */
function notifyTakenOver(server: FakeSipServer, dialog: LiveDialog, frag: string, final: boolean): void {
  const takeover = server.received.filter((m) => m.method === 'INVITE' && m.callId === dialog.callId).at(-1);
  const target = /<([^>]+)>/.exec(takeover?.getHeader('contact') ?? '')?.[1] ?? 'sip:1001@127.0.0.1';
  const body = `SIP/2.0 ${frag}\r\n`;
  server.deliver(
    `NOTIFY ${target} SIP/2.0\r\nVia: SIP/2.0/WS 127.0.0.1:8089;branch=z9hG4bKn${server.unique()};rport\r\nMax-Forwards: 70\r\n` +
      `From: <${dialog.remoteUri}>;tag=${dialog.remoteTag}\r\nTo: <${dialog.localUri}>;tag=${dialog.localTag}\r\nCall-ID: ${dialog.callId}\r\n` +
      `CSeq: ${server.nextCseq(dialog.callId) + 10} NOTIFY\r\nContact: <sip:asterisk@127.0.0.1:8089;transport=ws>\r\nEvent: refer\r\n` +
      `Subscription-State: ${final ? 'terminated;reason=noresource' : 'active;expires=60'}\r\nContent-Type: message/sipfrag;version=2.0\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

describe('a page reloaded during a consultation', () => {
  it('reports the consultation leg with its customer; the new page takes both back and Complete names the consultation in Replaces', async () => {
    const old = await kit.inCall();
    const customer = old.phone.call!;
    const consultation = await old.phone.consult(EXT);
    await vi.waitFor(() => expect(consultation.state.kind).toBe('active'));
    const reported = [snapshotOf(old.phone, customer), snapshotOf(old.phone, consultation)];
    expect(reported[0]).toMatchObject({ state: 'held' });
    expect(reported[0]?.consultation).toBeUndefined();
    expect(reported[1]).toMatchObject({ state: 'active', direction: 'outgoing', consultation: { of: customer.id, target: '1002' } });

    const server = new FakeSipServer();
    const pbx = new FakePbx(server, kit.HA1);
    const page = await kit.registered(server);
    const consultations: string[] = [];
    page.on('consultation', (c) => consultations.push(c.state.kind));
    for (const snapshot of reported) expect(await page.takeOver(snapshot)).toEqual({ kind: 'taken' });
    expect(page.consultation).toMatchObject({ target: '1002', state: { kind: 'open' } });
    expect(page.consultation?.customer.id).toBe(customer.id);
    expect(page.consultation?.customer.state.kind).toBe('held');
    expect(page.consultation?.consultation.id).toBe(consultation.id);
    expect(page.consultation?.consultation.role).toBe('consultation');
    expect(consultations).toEqual(['dialling', 'open']);

    void page.completeTransfer();
    await vi.waitFor(() => expect(pbx.refers).toHaveLength(1));
    const refer = pbx.refers[0]!;
    const dialog = reported[1]!.dialog;
    expect(refer.callId).toBe(old.customerCallId);
    expect(refer.getHeader('refer-to')).toBe(`<sip:1002@127.0.0.1?Replaces=${callIdOf(old.pbx)}%3Bto-tag%3D${dialog.remoteTag}%3Bfrom-tag%3D${dialog.localTag}>`);
  });

  it('takes back a consultation the agent had swapped away from (the consultation held, the customer active) as open', async () => {
    const old = await kit.inCall();
    const customer = old.phone.call!;
    const consultation = await old.phone.consult(EXT);
    await vi.waitFor(() => expect(consultation.state.kind).toBe('active'));
    await old.phone.swap();
    const reported = [snapshotOf(old.phone, customer), snapshotOf(old.phone, consultation)];
    expect(reported.map((r) => r.state)).toEqual(['active', 'held']);
    const page = await kit.registered(new FakeSipServer());
    for (const snapshot of reported) expect(await page.takeOver(snapshot)).toEqual({ kind: 'taken' });
    expect(page.consultation?.state.kind).toBe('open');
    expect(page.consultation?.consultation.state.kind).toBe('held');
    expect(page.call?.id).toBe(customer.id);
  });

  it('leaves the customer held and resumable when the consultation cannot be taken back (no Hang Up of the customer)', async () => {
    const old = await kit.inCall();
    const customer = old.phone.call!;
    const consultation = await old.phone.consult(EXT);
    await vi.waitFor(() => expect(consultation.state.kind).toBe('active'));
    const [held, leg] = [snapshotOf(old.phone, customer), snapshotOf(old.phone, consultation)];
    const server = new FakeSipServer();
    const page = await kit.registered(server);
    expect(await page.takeOver(held)).toEqual({ kind: 'taken' });
    server.reinviteAnswer = { status: 481, reason: 'Call/Transaction Does Not Exist' };
    expect(await page.takeOver(leg)).toEqual({ kind: 'lost', status: 481 });
    expect(page.consultation).toBeNull();
    server.reinviteAnswer = { status: 200, reason: 'OK' };
    await vi.waitFor(() => expect(page.call?.id).toBe(customer.id));
    await page.resume();
    expect(page.call?.state.kind).toBe('active');
  });
});

describe('a page reloaded while the consultation still rang', () => {
  it('reports what a CANCEL needs, and the new page cancels the INVITE the old one sent (same branch, Call-ID, From tag, CSeq)', async () => {
    const old = await kit.inCall();
    old.pbx.callee = { challenge: true, provisional: [180], final: null };
    const consultation = await old.phone.consult(EXT);
    await vi.waitFor(() => expect(consultation.state.kind).toBe('remote-ringing'));
    const snapshot = liveCallSnapshot(consultation, { notes: '', placed: null });
    const invite = old.pbx.invites.at(-1)!;
    expect(snapshot).toMatchObject({ state: 'ringing', dialog: null, consultation: { target: '1002' } });
    // After the digest challenge: the INVITE's second transaction (its branch and CSeq) is the one to cancel.
    expect(snapshot?.dialling).toMatchObject({ callId: invite.callId, fromTag: invite.fromTag, cseq: invite.cseq, branch: invite.viaBranch });
    expect(invite.cseq).toBe(2);

    const server = new FakeSipServer();
    new FakePbx(server, kit.HA1);
    const page = await kit.registered(server);
    expect(await page.cancelDiallingConsultation(snapshot!.dialling!)).toBe(true);
    const cancel = server.received.find((m) => m.method === 'CANCEL')!;
    expect({ callId: cancel.callId, fromTag: cancel.fromTag, cseq: cancel.cseq, branch: cancel.viaBranch, ruri: cancel.ruri?.toString() })
      .toEqual({ callId: invite.callId, fromTag: invite.fromTag, cseq: invite.cseq, branch: invite.viaBranch, ruri: invite.ruri?.toString() });
  });
});

describe('a page reloaded during a blind transfer', () => {
  async function reloadedWhileRinging() {
    const old = await kit.inCall();
    const customer = old.phone.call!;
    void old.phone.transfer(EXT);
    await vi.waitFor(() => expect(old.pbx.refers).toHaveLength(1));
    old.pbx.sipfrag(old.customerCallId, 100, 'Trying');
    old.pbx.sipfrag(old.customerCallId, 180, 'Ringing');
    await vi.waitFor(() => expect(old.transfers.at(-1)?.stage).toBe('ringing'));
    const snapshot = snapshotOf(old.phone, customer);
    expect(snapshot).toMatchObject({ state: 'held', transfer: { target: '1002', stage: 'ringing' } });
    const server = new FakeSipServer();
    const page = await kit.registered(server);
    const stages: string[] = [];
    page.on('transfer', (t) => stages.push(t.stage === 'failed' ? `failed:${t.failure.kind}` : t.stage));
    expect(await page.takeOver(snapshot)).toEqual({ kind: 'taken' });
    expect(page.call?.state.kind).toBe('held');
    return { server, page, snapshot, stages };
  }

  it('follows the NOTIFYs at the new page: 200 hangs up its leg and ends the call as transferred', async () => {
    const { server, page, snapshot, stages } = await reloadedWhileRinging();
    expect(stages).toEqual(['ringing']);
    // Still under way: a page reloaded again now hands it on once more.
    expect(page.blindTransferUnderWay(snapshot.id)).toMatchObject({ target: '1002', stage: 'ringing' });
    notifyTakenOver(server, snapshot.dialog, '200 OK', true);
    await vi.waitFor(() => expect(page.call?.state.kind).toBe('ended'));
    expect(stages).toEqual(['ringing', 'done']);
    expect(page.call?.state as Extract<CallState, { kind: 'ended' }>).toMatchObject({ cause: 'transferred', by: 'agent', transfer: { target: '1002' } });
    expect(server.received.filter((m) => m.method === 'BYE' && m.callId === snapshot.dialog.callId)).toHaveLength(1);
    expect(server.count('REFER')).toBe(0);
  });

  it('brings the customer back when the platform reports a failure that moved nobody (404)', async () => {
    const { server, page, snapshot, stages } = await reloadedWhileRinging();
    notifyTakenOver(server, snapshot.dialog, '404 Not Found', true);
    await vi.waitFor(() => expect(page.call?.state.kind).toBe('active'));
    expect(stages).toEqual(['ringing', 'failed:not-found']);
  });
});
