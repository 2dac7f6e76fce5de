// Calls an agent's phone places itself (issue 22, point 1): challenged with
// digest like an Asterisk endpoint, then routed by the Request-URI's user part
// to a colleague's extension, a campaign or an outside number, answered as
// Dial() answers, with audio both ways. Driven by sip.js phones in Node.
import { SessionState } from 'sip.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../../support/poll-until';
import { control } from '../../sim-client';
import { RawSipSocket, sipRequest, statusOf } from '../raw-sip-socket';
import {
  EXTENSION, TONE, newestCall, nextIncoming, record, resetBench, startTransferBench, untilHears, untilRecord, type TransferBench,
} from './transfer-bench';
import type { OutgoingCall } from './test-phone';

let bench: TransferBench;

beforeAll(async () => {
  bench = await startTransferBench();
});

afterAll(async () => {
  await bench?.close();
});

beforeEach(async () => {
  await resetBench(bench);
});

const untilStatus = (call: OutgoingCall, what: string): Promise<number | undefined> =>
  until(what, async () => call.status(), (status) => status !== undefined, { timeoutMs: 10_000 });

const latestPhoneCall = (): Promise<string> => newestCall(bench, 'phone');

describe("a phone's own call to an extension", () => {
  it('is challenged (401, realm asterisk), rings the colleague, and bridges both with audio each way', async () => {
    const { ana, bruno } = bench.phones;
    bruno.policy = 'ring';
    const before = bruno.incoming.length;
    const call = ana.call(`sip:${EXTENSION.bruno}@127.0.0.1`);
    const ringing = await nextIncoming(bruno, before, 'bruno rings');
    expect(ringing.from).toBe(EXTENSION.ana);
    expect(ringing.cti).toBeUndefined();

    const challenge = ana.frames.find((frame) => frame.status === 401 && frame.cseqMethod === 'INVITE');
    expect(challenge?.header('www-authenticate')).toMatch(/^Digest realm="asterisk", nonce="[^"]+", algorithm=MD5, qop="auth"/);
    await until('ana hears 180', async () => call.rang(), (rang) => rang, { timeoutMs: 10_000 });
    const guid = await latestPhoneCall();
    expect(await record(bench, guid)).toMatchObject({ origin: 'phone', phone: EXTENSION.ana, status: 'ringing', destination: EXTENSION.bruno });

    await bruno.answer(ringing);
    expect(await untilStatus(call, 'ana is answered')).toBe(200);
    await untilHears(ana, call.session, TONE.bruno, 'ana hears bruno');
    await untilHears(bruno, ringing.invitation, TONE.ana, 'bruno hears ana');
    const active = await untilRecord(bench, guid, 'the call is active', (c) => c.status === 'active');
    expect(active.parties?.map((p) => [p.role, p.phone, p.state])).toEqual([['agent', EXTENSION.ana, 'up'], ['agent', EXTENSION.bruno, 'up']]);

    await ana.hangUp(call.session);
    await until('bruno gets BYE', async () => bruno.byesReceived.has(ringing.invitation), (got) => got, { timeoutMs: 10_000 });
    expect(await untilRecord(bench, guid, 'the call ended', (c) => c.status === 'ended')).toMatchObject({ endedBy: 'agent', cause: 'agent hung up (BYE)' });
  });

  it('answers 404 for an extension nobody has and for one not registered (chan_pjsip: no contact, no route)', async () => {
    const { ana, carla } = bench.phones;
    const unknown = ana.call('sip:9999@127.0.0.1');
    expect(await untilStatus(unknown, 'the unknown extension is refused')).toBe(404);
    await carla.unregister();
    try {
      const unregistered = ana.call(`sip:${EXTENSION.carla}@127.0.0.1`);
      expect(await untilStatus(unregistered, 'the unregistered extension is refused')).toBe(404);
      expect(unregistered.rang()).toBe(false);
    } finally {
      await carla.register();
    }
  });

  it("passes on the target's refusal as Asterisk maps it: 486 stays 486, 603 becomes 403", async () => {
    const { ana, bruno } = bench.phones;
    bruno.policy = { reject: 486 };
    const busy = ana.call(`sip:${EXTENSION.bruno}@127.0.0.1`);
    expect(await untilStatus(busy, 'the busy colleague is reported')).toBe(486);
    bruno.policy = { reject: 603 };
    const declined = ana.call(`sip:${EXTENSION.bruno}@127.0.0.1`);
    expect(await untilStatus(declined, 'the declining colleague is reported')).toBe(403);
  });

  it("cancels the colleague's ringing when the caller cancels", async () => {
    const { ana, bruno } = bench.phones;
    bruno.policy = 'ring';
    const before = bruno.incoming.length;
    const call = ana.call(`sip:${EXTENSION.bruno}@127.0.0.1`);
    const ringing = await nextIncoming(bruno, before, 'bruno rings');
    await until('ana hears 180', async () => call.rang(), (rang) => rang, { timeoutMs: 10_000 });
    const guid = await latestPhoneCall();
    await call.session.cancel();
    await until('bruno stops ringing', async () => ringing.invitation.state, (state) => state === SessionState.Terminated, { timeoutMs: 10_000 });
    expect(await untilRecord(bench, guid, 'the call ended', (c) => c.status === 'ended')).toMatchObject({ endedBy: 'agent', cause: 'the phone cancelled its call (CANCEL)' });
  });
});

describe("a phone's own call to a campaign", () => {
  it("rings an idle member other than the caller with the campaign's CTI and a new Guid; nobody idle → 480", async () => {
    const { ana, bruno, carla } = bench.phones;
    bruno.policy = 'ring';
    const before = bruno.incoming.length;
    // Soporte<- has ana and bruno: ana calls, so bruno rings.
    const call = ana.call('sip:Soporte%3C-@127.0.0.1');
    const ringing = await nextIncoming(bruno, before, 'a member of Soporte<- rings');
    const cti = JSON.parse(ringing.cti ?? '{}') as Record<string, string>;
    expect(cti).toMatchObject({ Campaign: 'Soporte<-', Form: 'soporteForm', Screen: 'TRUE', Callerid: EXTENSION.ana, Answer: 'FALSE' });
    expect(cti.Guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await record(bench, cti.Guid!)).toMatchObject({ origin: 'phone', campaign: 'Soporte<-', phone: EXTENSION.ana });
    await bruno.answer(ringing);
    expect(await untilStatus(call, 'ana is answered')).toBe(200);
    await untilHears(ana, call.session, TONE.bruno, 'ana hears the member');
    await untilHears(bruno, ringing.invitation, TONE.ana, 'the member hears ana');

    // Encuestas-> has only bruno, who is on this call now.
    const nobody = carla.call('sip:Encuestas-%3E@127.0.0.1');
    const carlaStatus = await untilStatus(nobody, 'the campaign with no idle member is refused');
    expect(carlaStatus).toBe(480);
  });
});

describe("a phone's own call to an outside number", () => {
  it('rings, then answers with a tone; a busy number answers 486, one that never answers 480 after the ring timeout', async () => {
    const { ana } = bench.phones;
    expect((await control(bench.sim, 'POST', '/sip/parties', { answerAfterMs: 300, ringTimeoutMs: 1_500, busy: ['26000486'], noAnswer: ['26000480'] })).status).toBe(200);
    const call = ana.call('sip:099777000@127.0.0.1');
    expect(await untilStatus(call, 'the number answers')).toBe(200);
    expect(call.rang()).toBe(true);
    await untilHears(ana, call.session, TONE.outside, 'ana hears the outside party');
    const guid = await latestPhoneCall();
    expect((await record(bench, guid)).parties?.map((p) => [p.role, p.number ?? p.phone])).toEqual([['agent', EXTENSION.ana], ['outside', '099777000']]);
    // The other way: the platform's side (the outside party) hears ana.
    const heard = await untilRecord(bench, guid, 'the outside party hears ana', (c) => (c.levels?.customerReceived.peakRms ?? 0) > 0.1);
    expect(heard.parties?.[0]?.levels?.received.packets).toBeGreaterThan(0);
    await ana.hangUp(call.session);

    const busy = ana.call('sip:26000486@127.0.0.1');
    expect(await untilStatus(busy, 'the busy number is reported')).toBe(486);
    const silent = ana.call('sip:26000480@127.0.0.1');
    expect(await untilStatus(silent, 'the number that never answers is given up')).toBe(480);
    expect(silent.rang()).toBe(true);
  });
});

describe("the digest challenge of a phone's INVITE", () => {
  it('answers 401 without credentials, 403 to a wrong digest, and lets a CANCEL without an INVITE have 481', async () => {
    const socket = await RawSipSocket.open(bench.wsUrl);
    try {
      const headers = (cseq: number, extra: string[] = []): string[] => [
        `To: <sip:${EXTENSION.bruno}@127.0.0.1>`, `From: <sip:${EXTENSION.ana}@127.0.0.1>;tag=raw1`, 'Call-ID: raw-invite@raw.invalid',
        `CSeq: ${cseq} INVITE`, `Contact: <sip:${socket.contactUser}@raw.invalid;transport=ws>`, ...extra,
      ];
      socket.send(sipRequest('INVITE', `sip:${EXTENSION.bruno}@127.0.0.1`, headers(1)));
      const challenge = await socket.next((f) => f.includes('CSeq: 1 INVITE'), 5_000);
      expect(statusOf(challenge)).toBe(401);
      const nonce = /nonce="([^"]+)"/.exec(challenge ?? '')?.[1];
      const wrong = `Digest username="${EXTENSION.ana}", realm="asterisk", nonce="${nonce}", uri="sip:${EXTENSION.bruno}@127.0.0.1", response="00000000000000000000000000000000", algorithm=MD5`;
      socket.send(sipRequest('INVITE', `sip:${EXTENSION.bruno}@127.0.0.1`, headers(2, [`Authorization: ${wrong}`])));
      expect(statusOf(await socket.next((f) => f.includes('CSeq: 2 INVITE'), 5_000))).toBe(403);
      socket.send(sipRequest('CANCEL', `sip:${EXTENSION.bruno}@127.0.0.1`, headers(2).map((h) => h.replace('2 INVITE', '2 CANCEL'))));
      expect(statusOf(await socket.next((f) => f.includes('CSeq: 2 CANCEL'), 5_000))).toBe(481);
    } finally {
      await socket.close();
    }
  });
});
