// The originator's in-process transport routes a dialog like Asterisk's
// WebSocket transport: to the connection of the dialog's target, refreshed by
// the agent's re-INVITE, never to a newer connection by itself.
import { describe, expect, it } from 'vitest';
import { ENDED_ROUTE_KEPT_MS, LocalTransport } from '../../../simulator/sip/local-transport';
import type { SipConnection } from '../../../simulator/sip/sip-connection';
import { parseSipMessage, type SipMessage } from '../../../simulator/sip/sip-message';

interface FakeConnection extends SipConnection {
  sent: string[];
  open: boolean;
}

function connection(id: string): FakeConnection {
  const fake: FakeConnection = {
    id, transport: 'ws', remoteAddress: '127.0.0.1', remotePort: 40000, sent: [], open: true,
    send: (text) => void fake.sent.push(text),
    isOpen: () => fake.open,
    onClose: () => undefined,
  };
  return fake;
}

const CONTACT = '<sip:agent1@abc.invalid;transport=ws>';

function request(method: string, cseq: number, callId: string, extra: string[] = []): string {
  return [
    `${method} sip:agent1@abc.invalid;transport=ws SIP/2.0`,
    'Via: SIP/2.0/WS 127.0.0.1;branch=z9hG4bK' + `${method}${cseq}`.toLowerCase(),
    'Max-Forwards: 70',
    'From: <sip:099123456@127.0.0.1>;tag=platform1',
    'To: <sip:1001@127.0.0.1>;tag=agent1',
    `Call-ID: ${callId}`,
    `CSeq: ${cseq} ${method}`,
    ...extra,
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
}

function response(status: string, method: string, cseq: number, callId: string, extra: string[] = []): string {
  return [
    `SIP/2.0 ${status}`,
    'Via: SIP/2.0/WS 127.0.0.1;branch=z9hG4bKx1',
    'From: <sip:099123456@127.0.0.1>;tag=platform1',
    'To: <sip:1001@127.0.0.1>;tag=agent1',
    `Call-ID: ${callId}`,
    `CSeq: ${cseq} ${method}`,
    ...extra,
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
}

const parsed = (text: string): SipMessage => {
  const message = parseSipMessage(text);
  if (!message) throw new Error(`test message does not parse: ${text}`);
  return message;
};

/** A transport whose first INVITE of `callId` went over `first` and was answered (200 with Contact) there. */
async function answeredCall(callId: string, first: FakeConnection, options: { live?: () => boolean; now?: () => number } = {}) {
  let resolved: SipConnection | undefined = first;
  const received: string[] = [];
  const transport = new LocalTransport(undefined, {
    resolveContact: () => resolved,
    isCallLive: () => options.live?.() ?? true,
    ...(options.now ? { now: options.now } : {}),
  });
  transport.onMessage = (text) => void received.push(text);
  await transport.send(request('INVITE', 1, callId, [`Contact: <sip:platform@127.0.0.1>`]));
  transport.deliver(parsed(response('200 OK', 'INVITE', 1, callId, [`Contact: ${CONTACT}`])), first);
  return { transport, received, registerElsewhere: (next: SipConnection | undefined) => (resolved = next) };
}

describe('LocalTransport', () => {
  it('sends the first INVITE to the binding the Request-URI names, and the dialog where the agent answered', async () => {
    const a = connection('a');
    const { transport, received } = await answeredCall('call-1', a);
    expect(a.sent).toHaveLength(1);
    expect(received).toHaveLength(1);
    expect(transport.knows('call-1')).toBe(true);
    await transport.send(request('ACK', 1, 'call-1'));
    await transport.send(request('BYE', 2, 'call-1'));
    expect(a.sent.map((t) => t.split(' ')[0])).toEqual(['INVITE', 'ACK', 'BYE']);
  });

  it('moves the dialog to the connection of a re-INVITE (target refresh); an INFO elsewhere is answered there but moves nothing', async () => {
    const a = connection('a');
    const b = connection('b');
    const c = connection('c');
    const { transport } = await answeredCall('call-2', a);
    transport.deliver(parsed(request('INVITE', 5, 'call-2', ['Contact: <sip:agent1-new@def.invalid;transport=ws>'])), b);
    await transport.send(response('200 OK', 'INVITE', 5, 'call-2', ['Contact: <sip:platform@127.0.0.1>']));
    expect(b.sent).toHaveLength(1);
    transport.deliver(parsed(request('INFO', 6, 'call-2')), c);
    await transport.send(response('200 OK', 'INFO', 6, 'call-2'));
    expect(c.sent).toHaveLength(1);
    await transport.send(request('BYE', 2, 'call-2'));
    expect(b.sent.map((t) => t.split(' ')[0])).toEqual(['SIP/2.0', 'BYE']);
    expect(a.sent).toHaveLength(1);
  });

  it('fails when the dialog’s connection is gone, though the agent registered the same Contact over a newer one', async () => {
    const a = connection('a');
    const b = connection('b');
    const { transport, registerElsewhere } = await answeredCall('call-3', a);
    a.open = false;
    registerElsewhere(b);
    await expect(transport.send(request('BYE', 2, 'call-3'))).rejects.toThrow(/WebSocket that carries this call \(a\) is gone/);
    expect(b.sent).toEqual([]);
  });

  it('has no route for a new call to a Contact nobody registered', async () => {
    const transport = new LocalTransport(undefined, { resolveContact: () => undefined });
    await expect(transport.send(request('INVITE', 1, 'call-4'))).rejects.toThrow(/no route to the agent/);
    expect(transport.knows('call-4')).toBe(false);
  });

  it('forgets the route of a call that is over a minute after its last message, and keeps a live call however idle', async () => {
    let now = 1_000_000;
    let live = true;
    const { transport } = await answeredCall('call-5', connection('a'), { live: () => live, now: () => now });
    now += ENDED_ROUTE_KEPT_MS + 1;
    // Any traffic sweeps the routes.
    await transport.send(request('INVITE', 1, 'call-6'));
    expect(transport.knows('call-5')).toBe(true);
    live = false;
    now += ENDED_ROUTE_KEPT_MS + 1;
    await transport.send(request('INVITE', 1, 'call-7'));
    expect(transport.knows('call-5')).toBe(false);
    expect(transport.knows('call-7')).toBe(true);
  });
});
