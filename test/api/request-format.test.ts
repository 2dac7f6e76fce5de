import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createIntegraClient, type IntegraClient } from '../../main/api';

// The bytes on the wire, as the spec prescribes them: a capturing server that
// answers each path with its success body and records what arrived.

interface Captured {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const answers: Record<string, string> = {
  '/Integra/resources/auth/getUserToken': 'client-token-1',
  '/Integra/resources/auth/AgentLogin': JSON.stringify({ name: '1001', host: 'h', md5secret: 'm', token: 'agent-token-1' }),
  '/Integra/resources/api/AgentLogoff': 'Success',
  '/Integra/resources/Agents/HangupPhone': '1',
  '/Integra/resources/Dialers/DialerTask': '1',
  '/Integra/resources/api/DispositionCall': 'OK',
  '/Integra/resources/sip/addsip': '1',
  '/Integra/resources/queues/addqueuemember': '1',
  '/Integra/resources/Agents/AgentCall': '824da669-2239-46f2-98c7-1a8cafa34701',
  '/Integra/resources/queues/getqueues': '[]',
  '/Integra/resources/Dialers/get': '[]',
};

let server: Server;
let captured: Captured[] = [];
let client: IntegraClient;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      captured.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end(answers[req.url ?? ''] ?? '0');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = createIntegraClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  await client.clientAuthenticate({ user: 'sup', password: 'p w&=' });
  await client.agentAuthenticate({ agent: 'ana', password: 'secret' });
});
afterAll(async () => {
  await client.close();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  captured = [];
});

const last = () => captured.at(-1)!;
const form = (c: Captured) => Object.fromEntries(new URLSearchParams(c.body));

describe('requests on the wire', () => {
  it('authentication: form POST without Authorization', async () => {
    await client.clientAuthenticate({ user: 'sup', password: 'p w&=' });
    expect(last()).toMatchObject({ method: 'POST', path: '/Integra/resources/auth/getUserToken' });
    expect(last().headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(last().headers.authorization).toBeUndefined();
    expect(form(last())).toEqual({ user: 'sup', password: 'p w&=' });
  });

  it('agent operations send the agent token raw, administrative ones the client token', async () => {
    await client.hangUpCall({ phone: '1001' });
    expect(last().headers.authorization).toBe('Basic agent-token-1');
    expect(form(last())).toEqual({ phone: '1001' });
    await client.createAgent({ userName: 'zoe', password: 'pw', fullname: 'Zoe R', phoneNumber: '2001' });
    expect(last().headers.authorization).toBe('Basic client-token-1');
  });

  it('Get Dialers sends no body and no content type', async () => {
    await client.getDialers();
    expect(last().path).toBe('/Integra/resources/Dialers/get');
    expect(last().body).toBe('');
    expect(last().headers['content-type']).toBeUndefined();
  });

  it('Get Campaigns sends lastrow empty', async () => {
    await client.getCampaigns();
    expect(last().body).toBe('lastrow=');
  });

  it('Add Record to Dialer: the call JSON with every key', async () => {
    await client.addRecordToDialer({ campaign: 'C->', destination: '099', calldate: '2026-01-02 10:00:00' });
    const call: unknown = JSON.parse(form(last())['call']!);
    expect(call).toEqual({ calldate: '2026-01-02 10:00:00', campaign: 'C->', destination: '099', alternatives: '', agent: '', data: '', source: '', bulk: false, automatic: false });
  });

  it('Disposition: every key, empty where unset', async () => {
    await client.callDisposition({ campaign: 'C', agent: 'ana', callerid: '099', guid: 'g-1', l1: 'Venta', d2: 'x' });
    expect(last().body).toBe('campaign=C&agent=ana&callerid=099&guid=g-1&l1=Venta&l2=&l3=&d1=&d2=x&comment=&schedule=&camptoreschedule=&tag=');
  });

  it('Create Agent: the phone JSON with the fixed fields', async () => {
    await client.createAgent({ userName: 'zoe', password: 'pw', fullname: 'Zoe R', phoneNumber: '2001' });
    const phone = JSON.parse(form(last())['phone']!) as Record<string, unknown>;
    expect(Object.keys(phone)).toHaveLength(32);
    expect(phone).toMatchObject({ LogLevel: 'SEVERE', allow: 'alaw;ulaw', id: 407, context: 'agentes', did: '', host: 'dynamic', limite: '0', secret: 'pw', accountcode: 'zoe', name: '2001', callerid: '2001', defaultuser: '2001', transport: 'wss' });
  });

  it('Add Agent to Campaign: the queuemember array with every key', async () => {
    await client.addAgentsToCampaigns([{ membername: 'zoe', queueName: 'Soporte<-', interface1: 'SIP/2001' }]);
    expect(JSON.parse(form(last())['queuemember']!)).toEqual([{ membername: 'zoe', queueName: 'Soporte<-', interface1: 'SIP/2001', penalty: 0, paused: 0 }]);
  });

  it('Make Call and Log Out: the spec parameters', async () => {
    await client.makeCall({ callerid: '598', agent: 'ana', phone: '1001', context: 'agents', outqueue: 'Manual->', destination: '099' });
    expect(form(last())).toEqual({ callerid: '598', agent: 'ana', phone: '1001', tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination: '099' });
    await client.logOut({ agent: 'ana', interface: 'SIP/1001', message: 'bye' });
    expect(form(last())).toEqual({ agent: 'ana', interface: 'SIP/1001', message: 'bye' });
  });

  it('bad input is refused before anything is sent', async () => {
    await expect(client.hangUpCall({ phone: 'abc' })).rejects.toMatchObject({ kind: 'bad-input' });
    await expect(client.callDisposition({ campaign: 'C', agent: 'a', callerid: '1', guid: 'g', l1: '' })).rejects.toThrow(/l1/);
    await expect(client.addAgentsToCampaigns([])).rejects.toMatchObject({ kind: 'bad-input' });
    expect(captured).toHaveLength(0);
  });
});
