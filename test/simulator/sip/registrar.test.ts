import { readFile } from 'node:fs/promises';
import { Registerer } from 'sip.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { SipServer } from '../../../simulator/sip/sip-server';
import { AGENT, AGENT_HA1, nodeUserAgent, register, startTestSipServer } from './sip-test-support';

let server: SipServer;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ server, cleanup } = await startTestSipServer());
});
afterEach(async () => {
  await cleanup();
});

function untilUnregistered(user: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = server.bindings.onChange((event) => {
      if (event.type === 'unregistered' && event.user === user) {
        stop();
        resolve();
      }
    });
  });
}

const optionsRequest = (callId: string): string =>
  [
    'OPTIONS sip:127.0.0.1 SIP/2.0',
    'Via: SIP/2.0/WS probe.invalid;branch=z9hG4bK' + callId,
    'Max-Forwards: 70',
    'To: <sip:127.0.0.1>',
    'From: <sip:probe@127.0.0.1>;tag=probe1',
    `Call-ID: ${callId}`,
    'CSeq: 1 OPTIONS',
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');

function firstFrame(socket: WebSocket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('message', (data) => resolve(String(data)));
    socket.once('error', reject);
  });
}

describe('SIP registrar over WebSocket', () => {
  it('registers with the right HA1 and repeats the Contact with expires', async () => {
    const ua = nodeUserAgent(server.ws, AGENT.phone, AGENT_HA1);
    await ua.start();
    const result = await register(new Registerer(ua, { expires: 300 }));
    expect(result.status).toBe(200);
    expect(result.contact).toMatch(/;expires=(29\d|300)\b/);
    expect(server.bindings.isRegistered(AGENT.phone)).toBe(true);
    await ua.stop();
  });

  it('answers 403 to a wrong HA1 and binds nothing', async () => {
    const ua = nodeUserAgent(server.ws, AGENT.phone, '0'.repeat(32));
    await ua.start();
    const result = await register(new Registerer(ua));
    expect(result.status).toBe(403);
    expect(server.bindings.isRegistered(AGENT.phone)).toBe(false);
    await ua.stop();
  });

  it('answers 403 to an unknown user', async () => {
    const ua = nodeUserAgent(server.ws, '1999', AGENT_HA1);
    await ua.start();
    expect((await register(new Registerer(ua))).status).toBe(403);
    await ua.stop();
  });

  it('drops the binding when the WebSocket closes', async () => {
    const ua = nodeUserAgent(server.ws, AGENT.phone, AGENT_HA1);
    await ua.start();
    expect((await register(new Registerer(ua))).status).toBe(200);
    const gone = untilUnregistered(AGENT.phone);
    await ua.transport.disconnect();
    await gone;
    expect(server.bindings.isRegistered(AGENT.phone)).toBe(false);
    await ua.stop();
  });

  it('removes the binding on un-REGISTER (expires=0)', async () => {
    const ua = nodeUserAgent(server.ws, AGENT.phone, AGENT_HA1);
    await ua.start();
    const registerer = new Registerer(ua);
    expect((await register(registerer)).status).toBe(200);
    const gone = untilUnregistered(AGENT.phone);
    await registerer.unregister();
    await gone;
    expect(server.bindings.isRegistered(AGENT.phone)).toBe(false);
    await ua.stop();
  });

  it('answers OPTIONS with 200 and Allow over WS', async () => {
    const socket = new WebSocket(server.ws, 'sip');
    await new Promise((resolve) => socket.once('open', resolve));
    const reply = firstFrame(socket);
    socket.send(optionsRequest('opt-ws-1'));
    const text = await reply;
    expect(text.startsWith('SIP/2.0 200 OK')).toBe(true);
    expect(text).toMatch(/^Allow: .*INVITE/m);
    expect(text).toMatch(/^Call-ID: opt-ws-1/m);
    socket.close();
  });

  it('serves WSS with a certificate from the CA it wrote (verification on)', async () => {
    const ca = await readFile(server.caCertFile, 'utf8');
    const socket = new WebSocket(server.wss, 'sip', { ca });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    expect(socket.protocol).toBe('sip');
    const reply = firstFrame(socket);
    socket.send(optionsRequest('opt-wss-1'));
    expect((await reply).startsWith('SIP/2.0 200 OK')).toBe(true);
    socket.close();
  });

  it('pauses (bindings dropped, connections refused) and resumes on the same ports', async () => {
    const ua = nodeUserAgent(server.ws, AGENT.phone, AGENT_HA1);
    await ua.start();
    expect((await register(new Registerer(ua))).status).toBe(200);
    await server.pause();
    expect(server.bindings.isRegistered(AGENT.phone)).toBe(false);
    const refused = new WebSocket(server.ws, 'sip');
    const error = await new Promise<Error & { code?: string }>((resolve) => refused.once('error', resolve));
    expect(error.code).toBe('ECONNREFUSED');
    await server.resume();
    for (const url of [server.ws, server.wss]) {
      const socket = new WebSocket(url, 'sip', { ca: await readFile(server.caCertFile, 'utf8') });
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      socket.close();
    }
    await ua.stop();
  });

  it('refuses WSS to a client that does not trust the CA', async () => {
    const socket = new WebSocket(server.wss, 'sip');
    const error = await new Promise<Error>((resolve) => socket.once('error', resolve));
    expect(error.message).toMatch(/certificate/i);
  });
});
