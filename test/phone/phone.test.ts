import { describe, expect, it, vi } from 'vitest';
import { english, speak } from '../../common/i18n/say';
import { PhoneError, type ConnectionIndicator, type RegistrationState } from '../../renderer/src/phone';
import { FakeSipServer, type FakeTransport } from './support/fake-sip-server';
import { FakeSdh } from './support/fake-sdh';
import { phoneKit } from './support/phone-kit';

const { makePhone, registered, CTI, HA1 } = phoneKit();

describe('Phone registration', () => {
  it('registers with the HA1 through a digest challenge and shows registered', async () => {
    const server = new FakeSipServer();
    server.challengeHa1 = HA1;
    const phone = makePhone(server);
    const states: RegistrationState[] = [];
    const indicator: ConnectionIndicator[] = [];
    phone.on('registration', (s) => states.push(s));
    phone.on('connection', (c) => indicator.push(c));
    await phone.start();
    await vi.waitFor(() => expect(phone.registration.kind).toBe('registered'));
    expect(server.digestResults).toEqual([true]);
    expect(states.map((s) => s.kind)).toEqual(['registering', 'registered']);
    expect(indicator).toEqual(['connecting', 'registered']);
  });

  it('fails with a plain reason on wrong credentials and does not retry', async () => {
    const server = new FakeSipServer();
    server.challengeHa1 = HA1;
    server.registerAnswer = { status: 403, reason: 'Forbidden' };
    const phone = makePhone(server, 'wrong'.padEnd(32, '0'));
    await phone.start();
    await vi.waitFor(() => expect(phone.registration.kind).toBe('failed'));
    const reg = phone.registration;
    expect(reg.kind === 'failed' && english(reg.reason)).toMatch(/refused the phone's credentials \(40[13]/);
    expect(reg.kind === 'failed' && speak('es', reg.reason)).toMatch(/^La plataforma rechazó las credenciales del teléfono \(40[13]/);
    expect(phone.connection).toBe('offline');
    const registers = server.received.filter((m) => m.method === 'REGISTER').length;
    phone.networkChanged();
    await new Promise((r) => setTimeout(r, 30));
    expect(server.received.filter((m) => m.method === 'REGISTER').length).toBe(registers);
  });

  it('reconnects with backoff after the socket drops, shows offline while refused, and registers again', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const indicator: ConnectionIndicator[] = [];
    phone.on('connection', (c) => indicator.push(c));
    server.refuseConnections = true;
    server.drop();
    await vi.waitFor(() => expect(server.connects).toBeGreaterThanOrEqual(3));
    expect(phone.registration.kind).toBe('registering');
    server.refuseConnections = false;
    await vi.waitFor(() => expect(phone.registration.kind).toBe('registered'));
    expect(indicator).toEqual(['connecting', 'offline', 'registered']);
  });

  it('registers again at once on a network change: a connection that answers is kept, a dead one replaced', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const again: string[] = [];
    phone.on('registeredAgain', (a) => again.push(`${a.cause}:${a.newConnection}`));
    const connects = server.connects;
    const before = server.count('REGISTER');
    phone.networkChanged();
    await vi.waitFor(() => expect(server.count('REGISTER')).toBe(before + 1));
    expect(server.connects).toBe(connects);
    await vi.waitFor(() => expect(again).toEqual(['network-changed:false']));

    server.halfOpen = true; // the change killed the connection without a word
    phone.networkChanged();
    await vi.waitFor(() => expect(server.connects).toBe(connects + 1), { timeout: 3_000 });
    await vi.waitFor(() => expect(phone.registration.kind).toBe('registered'));
    await vi.waitFor(() => expect(again).toEqual(['network-changed:false', 'network-changed:true']));
    expect((server.transport as FakeTransport).abandoned).toEqual([expect.stringMatching(/nothing answered a keep-alive/)]);
  });

  it('finds a half-open connection by its unanswered keep-alive and replaces it without being told', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const connects = server.connects;
    server.halfOpen = true;
    // Idle 300 ms + no answer within 150 ms: the phone gives the connection up and registers on a new one.
    await vi.waitFor(() => expect(server.connects).toBe(connects + 1), { timeout: 3_000 });
    await vi.waitFor(() => expect(phone.registration.kind).toBe('registered'));
    expect((server.transport as FakeTransport).abandoned).toHaveLength(1);
  });

  it('keeps a quiet connection that answers its keep-alives', async () => {
    const server = new FakeSipServer();
    await registered(server);
    const connects = server.connects;
    await new Promise((r) => setTimeout(r, 1_200));
    expect(server.count('OPTIONS') + server.pings).toBeGreaterThan(1);
    expect(server.connects).toBe(connects);
    expect((server.transport as FakeTransport).abandoned).toEqual([]);
  });
});

describe('Phone calls', () => {
  it('answers by itself a call that matches a pending Make Call and asks for it', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const ctis: unknown[] = [];
    phone.on('cti', (c) => ctis.push(c.cti));
    const expectation = phone.expectCall('17410632');
    expectation.setGuid('g-42');
    const callId = server.invite({ 'P-Auto-Answer': 'normal', 'X-CTI': CTI });
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('active'));
    await phone.answer(); // a late click on Answer changes nothing
    expect(server.statusesFor(callId).filter((s) => s === 200)).toHaveLength(1);
    expect(server.statusesFor(callId)).not.toContain(180);
    expect(phone.call?.info.autoAnswer).toMatchObject({ answer: true, because: 'make-call' });
    expect(ctis).toEqual([expect.objectContaining({ Guid: 'g-42', Campaign: 'Manual->' })]);
  });

  it('rings a call that asks for auto-answer but nobody expects; reject sends 486', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const callId = server.invite({ 'P-Auto-Answer': 'normal', 'X-CTI': CTI });
    await vi.waitFor(() => expect(server.statusesFor(callId)).toContain(180));
    expect(phone.call?.state.kind).toBe('ringing');
    expect(phone.call?.info.remoteUser).toBe('17410632');
    await phone.reject();
    await vi.waitFor(() => expect(server.statusesFor(callId)).toContain(486));
    expect(phone.call?.state).toEqual({ kind: 'ended', cause: 'rejected', by: 'agent' });
  });

  it('answers by button, holds and resumes with re-INVITEs, sends DTMF and hangs up with BYE', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const kinds: string[] = [];
    phone.on('call', (e) => kinds.push(e.state.kind));
    const callId = server.invite({ 'X-CTI': CTI });
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('ringing'));
    await phone.answer();
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('active'));
    await phone.hold();
    expect(phone.call?.state.kind).toBe('held');
    await phone.resume();
    expect(FakeSdh.last?.holds.slice(-2)).toEqual([true, false]);
    phone.sendDtmf('5#');
    expect(FakeSdh.last?.dtmf).toEqual(['5#']);
    expect(() => phone.sendDtmf('5; rm -rf')).toThrow(/Only the digits/);
    const result = await phone.hangUp();
    expect(result).toEqual({ signalled: true });
    expect(server.received.some((m) => m.method === 'BYE' && m.callId === callId)).toBe(true);
    expect(kinds).toEqual(['ringing', 'answering', 'active', 'held', 'active', 'ended']);
    expect(phone.call?.state).toEqual({ kind: 'ended', cause: 'hangup', by: 'agent' });
  });

  it("says its refusals by message key, so the page shows them in the agent's language", async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    await expect(phone.hold()).rejects.toThrow(PhoneError); // a rejection, never a throw out of the caller's handler
    server.invite({ 'X-CTI': CTI });
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('ringing'));
    const refusal = await phone.hold().then(() => null, (e: unknown) => e);
    expect(refusal).toBeInstanceOf(PhoneError);
    const say = (refusal as PhoneError).say;
    expect(speak('en', say)).toBe((refusal as PhoneError).message);
    expect(speak('es', say)).toBe('Solo se puede poner en espera una llamada en curso.');
    await phone.answer();
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('active'));
    const tones = (() => {
      try {
        phone.sendDtmf('5; rm -rf');
        return null;
      } catch (e) {
        return e as PhoneError;
      }
    })();
    expect(tones?.say && speak('es', tones.say)).toBe('Solo se pueden enviar los dígitos 0-9, *, #, A-D y , (pausa).');
    await phone.hangUp();
  });

  it('reports signalling lost when hanging up without a connection, so the UI can use the API', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    server.invite({ 'X-CTI': CTI });
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('ringing'));
    await phone.answer();
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('active'));
    server.refuseConnections = true;
    server.drop();
    const result = await phone.hangUp();
    expect(result.signalled).toBe(false);
    expect(phone.call?.state).toMatchObject({ kind: 'ended', cause: 'signalling-lost', by: 'agent' });
  });

  it('ends with remote hang-up on BYE and cancelled on CANCEL', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const first = server.invite({});
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('ringing'));
    server.cancel(first);
    await vi.waitFor(() => expect(phone.call?.state).toEqual({ kind: 'ended', cause: 'cancelled', by: 'remote' }));

    const second = server.invite({});
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('ringing'));
    await phone.answer();
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('active'));
    server.bye(second);
    await vi.waitFor(() => expect(phone.call?.state).toEqual({ kind: 'ended', cause: 'hangup', by: 'remote' }));
  });

  it('answers a campaign with auto_answer without a header, and reads a CTI it cannot parse as an error', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    phone.setAutoAnswerCampaigns(['Cobranzas->']);
    server.invite({ 'X-CTI': '{"Guid":"g-7","Campaign":"Cobranzas->"}' });
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('active'));
    await phone.hangUp();
    const errors: (string | null)[] = [];
    phone.on('cti', (c) => errors.push(c.error));
    server.invite({ 'X-CTI': 'garbage' });
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('ringing'));
    expect(errors[0]).toMatch(/not JSON/);
  });

  it('answers a call that rang before its campaign was known to auto-answer, once the campaigns are listed; others ring on', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const transferred = server.invite({ 'X-CTI': '{"Guid":"g-8","Campaign":"Cobranzas->"}', 'Referred-By': '<sip:1002@127.0.0.1>' });
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('ringing'));
    phone.setAutoAnswerCampaigns(['Cobranzas->']);
    expect(phone.call?.state.kind).toBe('ringing');
    server.cancel(transferred);
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('ended'));

    phone.setAutoAnswerCampaigns([]);
    server.invite({ 'X-CTI': '{"Guid":"g-9","Campaign":"Cobranzas->"}' });
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('ringing'));
    expect(phone.call?.info.autoAnswer.answer).toBe(false);
    phone.setAutoAnswerCampaigns(['Soporte<-']);
    expect(phone.call?.state.kind).toBe('ringing');
    phone.setAutoAnswerCampaigns(['Soporte<-', 'Cobranzas->']);
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('active'));
    expect(phone.call?.info.autoAnswer).toEqual({ answer: true, because: 'campaign', match: null });
  });
});

describe('Phone sign-out', () => {
  it('unregisters on stop (REGISTER with expiry 0) and registers again on the next start', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    await phone.stop();
    const last = server.received.filter((m) => m.method === 'REGISTER').at(-1)!;
    expect(`${last.getHeader('expires') ?? ''} ${last.getHeader('contact') ?? ''}`).toMatch(/(^0 |expires=0)/);
    expect(phone.registration.kind).toBe('unregistered');
    expect(phone.connection).toBe('offline');
    await phone.start();
    await vi.waitFor(() => expect(phone.registration.kind).toBe('registered'));
  });
});
