import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ConnectionError,
  createIntegraClient,
  HttpStatusError,
  IntegraError,
  PlatformRefusedError,
  TimeoutError,
  UnexpectedResponseError,
  type IntegraClient,
  type OperationId,
} from '../../main/api';
import { startSimulator, type Simulator } from '../../simulator/index';
import { toCallsFailure } from '../../main/services/calls/calls-failure';
import { integraCause } from '../../main/services/integra-cause';
import { toIpcFailure } from '../../main/services/session/api-failure';
import { toSupervisorFailure } from '../../main/services/supervisor/supervisor-failure';
import { control, injectFault, resetSim, simState } from './sim-control';

// Contract tests: the client against a simulator started here, for every
// operation: success, the platform's `0`, and each fault kind.

let sim: Simulator;
let dir: string;
let listPath: string;
let client: IntegraClient;
/** Tokens handed out in this test; no error may contain them. */
let tokens: string[];

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'contract-'));
  listPath = join(dir, 'lista.csv');
  await writeFile(listPath, 'telefono;nombre\n099111222;Ana Núñez\n099333444;Bruno\n');
});
afterAll(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await resetSim(sim);
  client = createIntegraClient({ baseUrl: sim.baseUrl, timeoutMs: 5_000 });
  tokens = [];
});
afterEach(async () => {
  await client.close();
});

const creds = () => sim.ready.credentials;
const ana = () => creds().agents[0]!;

async function signInBoth(c: IntegraClient = client): Promise<void> {
  tokens.push(await c.clientAuthenticate(creds().apiUser));
  tokens.push((await c.agentAuthenticate(ana())).token);
}

function expectNoSecrets(error: unknown): void {
  const e = error as Error;
  // The localized forms too: the key parameters the page receives (`say`) from every describer.
  const says = [
    integraCause(error),
    toIpcFailure(error, 'agent').detail.say,
    toSupervisorFailure(error, { key: 'sup.err.members', params: { count: '1' } }).detail.say,
    toCallsFailure(error, 'makeCall', { key: 'calls.err.hangUp', params: {} }).detail.say,
  ];
  const text = [JSON.stringify(error), e.message, e.stack, String(e.cause), JSON.stringify(e.cause), JSON.stringify(says)].join('\n');
  const secrets = [...tokens, creds().apiUser.password, ...creds().agents.map((a) => a.password)];
  for (const secret of secrets) expect(text).not.toContain(secret);
}

interface Case {
  op: OperationId;
  run: (c: IntegraClient) => Promise<unknown>;
  /** A call the platform answers `0` to. */
  refused: (c: IntegraClient) => Promise<unknown>;
  check: (result: unknown) => Promise<void> | void;
}

const makeCallInput = { callerid: '59826001234', agent: 'ana.garcia', phone: '1001', context: 'agentes', outqueue: 'Manual->', destination: '099555' };

const cases: Case[] = [
  {
    op: 'clientAuth',
    run: (c) => c.clientAuthenticate(creds().apiUser),
    refused: (c) => c.clientAuthenticate({ user: creds().apiUser.user, password: 'wrong-password' }),
    check: (token) => expect(token).toMatch(/^\S{8,}$/),
  },
  {
    op: 'agentLogin',
    run: (c) => c.agentAuthenticate(ana()),
    refused: (c) => c.agentAuthenticate({ agent: ana().agent, password: 'wrong-password' }),
    check: (record) => expect(record).toMatchObject({ name: '1001', accountcode: 'ana.garcia', host: '127.0.0.1', token: expect.any(String), md5secret: expect.stringMatching(/^[0-9a-f]{32}$/) }),
  },
  {
    op: 'logout',
    run: (c) => c.logOut({ agent: 'ana.garcia', interface: 'SIP/1001', message: 'fin de turno' }),
    refused: (c) => c.logOut({ agent: 'nobody' }),
    check: async () => expect((await simState(sim)).logouts).toContainEqual(expect.objectContaining({ agent: 'ana.garcia', message: 'fin de turno' })),
  },
  {
    op: 'hangup',
    run: async (c) => {
      await c.makeCall(makeCallInput);
      return c.hangUpCall({ phone: '1001' });
    },
    refused: (c) => c.hangUpCall({ phone: '1002' }),
    check: async () => expect((await simState(sim)).calls[0]).toMatchObject({ phone: '1001', status: 'ended' }),
  },
  {
    op: 'dialerTask',
    run: (c) => c.addRecordToDialer({ campaign: 'Cobranzas->', destination: '099123456', data: 'cliente=42' }),
    refused: (c) => c.addRecordToDialer({ campaign: 'NoSuch->', destination: '099123456' }),
    check: async () => expect((await simState(sim)).dialerTasks).toContainEqual(expect.objectContaining({ campaign: 'Cobranzas->', destination: '099123456', data: 'cliente=42', bulk: false })),
  },
  {
    op: 'uploadBase',
    run: (c) => c.uploadBase({ file: listPath, campaign: 'Encuestas->', username: 'supervisor' }),
    refused: (c) => c.uploadBase({ file: listPath, campaign: 'NoSuch->', username: 'supervisor' }),
    check: async (result) => {
      expect(result).toMatchObject({ filename: 'lista.csv', cant: 2, analysis: { delimiter: ';', encoding: 'utf-8', hasHeader: true } });
      const [list] = (await simState(sim)).lists;
      expect(list).toMatchObject({ campaign: 'Encuestas->', filename: 'lista.csv' });
      expect(await control(sim, 'GET', `/lists/${list!.id}/content`)).toBe('telefono;nombre\n099111222;Ana Núñez\n099333444;Bruno\n');
    },
  },
  {
    op: 'disposition',
    run: async (c) => {
      const guid = await c.makeCall(makeCallInput);
      await c.callDisposition({ campaign: 'Manual->', agent: 'ana.garcia', callerid: '099555', guid, l1: 'Venta', tag: 'vip' });
      return guid;
    },
    refused: (c) => c.callDisposition({ campaign: 'NoSuch->', agent: 'ana.garcia', callerid: '1', guid: 'g', l1: 'x' }),
    check: async (guid) => expect((await simState(sim)).dispositions).toContainEqual(expect.objectContaining({ guid })),
  },
  {
    op: 'createAgent',
    run: (c) => c.createAgent({ userName: 'zoe.ruiz', password: 'Zoe-2001', fullname: 'Zoe Ruiz', phoneNumber: '2001' }),
    refused: (c) => c.createAgent({ userName: 'other', password: 'x', fullname: 'Other', phoneNumber: '1001' }),
    check: async () => {
      expect((await simState(sim)).agents).toContainEqual(expect.objectContaining({ name: '2001', accountcode: 'zoe.ruiz' }));
      await expect(client.agentAuthenticate({ agent: 'zoe.ruiz', password: 'Zoe-2001' })).resolves.toMatchObject({ name: '2001' });
    },
  },
  {
    op: 'addQueueMember',
    run: (c) => c.addAgentsToCampaigns([
      { membername: 'bruno.diaz', queueName: 'Encuestas->', interface1: 'SIP/1002' },
      { membername: 'bruno.diaz', queueName: 'Soporte<-', interface1: 'SIP/1002' },
    ]),
    refused: (c) => c.addAgentsToCampaigns([{ membername: 'nobody', queueName: 'Soporte<-', interface1: 'SIP/9999' }]),
    check: async () => {
      const members = (await simState(sim)).queueMembers.filter((m) => m.membername === 'bruno.diaz').map((m) => m.queueName);
      expect(members).toEqual(expect.arrayContaining(['Encuestas->', 'Soporte<-']));
    },
  },
  {
    op: 'makeCall',
    run: (c) => c.makeCall(makeCallInput),
    refused: (c) => c.makeCall({ ...makeCallInput, outqueue: 'NoSuch->' }),
    check: async (guid) => {
      expect(guid).toMatch(/^[0-9a-f-]{36}$/);
      expect((await simState(sim)).calls).toContainEqual(expect.objectContaining({ guid, phone: '1001' }));
    },
  },
  {
    op: 'getCampaigns',
    run: (c) => c.getCampaigns(),
    refused: async (c) => {
      await injectFault(sim, 'getCampaigns', 'expired-token'); // with re-authentication off, this stays a `0`
      return c.getCampaigns();
    },
    check: (list) => {
      const soporte = (list as Awaited<ReturnType<IntegraClient['getCampaigns']>>).find((c) => c.name === 'Soporte<-');
      expect(soporte?.direction.parsed).toEqual({ direction: 'inbound', baseName: 'Soporte' });
      expect(soporte?.schedule.parsed).toEqual({ days: 'mon,tue,wed,thu,fri', from: '08:00', to: '20:00' });
      expect(soporte?.form.parsed).toEqual({ name: 'soporteForm', flag: true });
    },
  },
  {
    op: 'getDialers',
    run: (c) => c.getDialers(),
    refused: async (c) => {
      await injectFault(sim, 'getDialers', 'expired-token');
      return c.getDialers();
    },
    check: (list) => {
      const dialers = list as Awaited<ReturnType<IntegraClient['getDialers']>>;
      expect(dialers.map((d) => d.campaign)).toEqual(['Cobranzas->', 'Encuestas->']);
      expect(dialers[0]?.variables.parsed).toEqual([{ key: 'origen', value: 'crm' }, { key: 'prioridad', value: 'alta' }]);
    },
  },
];

const byOp = (op: OperationId) => cases.find((c) => c.op === op)!;
const authOps = new Set<OperationId>(['clientAuth', 'agentLogin']);

async function failureOf(promise: Promise<unknown>): Promise<IntegraError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(IntegraError);
  expectNoSecrets(error);
  return error as IntegraError;
}

describe.each(cases.map((c) => [c.op, c] as const))('%s', (op, c) => {
  it('succeeds with a typed result', async () => {
    if (!authOps.has(op)) await signInBoth();
    await c.check(await c.run(client));
  });

  it("turns the platform's 0 into PlatformRefusedError", async () => {
    const strict = createIntegraClient({ baseUrl: sim.baseUrl, reauthenticate: false });
    try {
      if (!authOps.has(op)) await signInBoth(strict);
      const error = await failureOf(c.refused(strict));
      expect(error).toBeInstanceOf(PlatformRefusedError);
      expect(error.operation).toBe(op);
      expect(error.message).toMatch(/^[A-Z][A-Za-z ]+: the platform refused \("0"\): /);
    } finally {
      await strict.close();
    }
  });

  it('a delay past the timeout is a TimeoutError', async () => {
    if (!authOps.has(op)) await signInBoth();
    await injectFault(sim, op, 'delay', 3_000);
    const error = await failureOf(c.run(createTimed(client)));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toMatch(/no answer within 300 ms/);
  });

  it.each([
    ['http500', HttpStatusError, /HTTP 500/],
    ['html', UnexpectedResponseError, /HTML/],
    ['drop', ConnectionError, /connection|closed|reset/],
  ] as const)('fault %s gives its typed error', async (kind, type, message) => {
    if (!authOps.has(op)) await signInBoth();
    await injectFault(sim, op, kind);
    const error = await failureOf(c.run(client));
    expect(error).toBeInstanceOf(type);
    expect(error.operation).toBe(op);
    expect(error.message).toMatch(message);
  });

  it('a truncated body is caught (or, for a bare token, healed by re-authentication)', async () => {
    if (op === 'clientAuth') {
      await injectFault(sim, 'clientAuth', 'truncated');
      await client.clientAuthenticate(creds().apiUser); // half a token still looks like a token...
      await expect(client.getDialers()).resolves.toHaveLength(2); // ...the `0` it earns triggers one re-authentication
      return;
    }
    if (!authOps.has(op)) await signInBoth();
    await injectFault(sim, op, 'truncated');
    const error = await failureOf(c.run(client));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
  });

  it('an expired token leads to one re-authentication and one retry', async () => {
    if (!authOps.has(op)) await signInBoth();
    await injectFault(sim, op, 'expired-token');
    await c.check(await c.run(client));
    if (authOps.has(op)) return;
    const requests = (await simState(sim)).requests.filter((r) => r.operation === op);
    expect(requests.map((r) => r.result)).toEqual(['error', 'success']);
  });

  it('two expired tokens in a row: the retry right after re-authenticating is refused, and the error names authentication first', async () => {
    if (authOps.has(op)) return;
    await signInBoth();
    await control(sim, 'POST', '/faults', { operation: op, kind: 'expired-token', count: 2 });
    const error = await failureOf(c.run(client));
    expect(error).toBeInstanceOf(PlatformRefusedError);
    expect((error as PlatformRefusedError).afterReauthentication).toBe(true);
    expect(error.message).toMatch(/^[A-Z][A-Za-z ]+: the platform refused it again \("0"\) right after the app signed in anew, so it may not accept this session\. Sign out and sign in again/);
    // Then a read with the new token (Get Campaigns) is refused too: the session is the cause, not the data.
    const requests = (await simState(sim)).requests.filter((r) => r.operation === op || r.operation === 'getCampaigns');
    expect(requests.map((r) => `${r.operation}:${r.result}`)).toEqual([`${op}:error`, `${op}:error`, 'getCampaigns:error']);
  });

  it('refused twice while the session is fine (a read with the new token passes): the error names the data, not authentication', async () => {
    // The reads are refused only for their token (the re-authentication cures that), never for their data.
    if (authOps.has(op) || op === 'getCampaigns' || op === 'getDialers') return;
    await signInBoth();
    const refusal = await failureOf(c.refused(client));
    expect(refusal).toBeInstanceOf(PlatformRefusedError);
    expect((refusal as PlatformRefusedError).afterReauthentication).toBe(false);
    expect(refusal.message).toMatch(/the platform refused \("0"\): /);
  });
});

/** The same client's session with a short timeout, for the delay fault. */
function createTimed(c: IntegraClient): IntegraClient {
  const timed = { ...c } as IntegraClient;
  for (const key of Object.keys(c) as (keyof IntegraClient)[]) {
    const fn = c[key];
    if (typeof fn === 'function') Object.assign(timed, { [key]: (...args: unknown[]) => (fn as (...a: unknown[]) => unknown)(...withTimeout(args)) });
  }
  return timed;
}

function withTimeout(args: unknown[]): unknown[] {
  // Every method takes its options last; add { timeoutMs: 300 } (or merge into the upload options).
  const last = args.at(-1);
  return args.length === 0 ? [{ timeoutMs: 300 }] : [...args, { ...(typeof last === 'object' && last !== null && 'timeoutMs' in last ? last : {}), timeoutMs: 300 }];
}

describe('token policy', () => {
  it('falls back to the only token held and fails clearly with none', async () => {
    await expect(client.getDialers()).rejects.toThrow(/Get Dialers: no token is held/);
    tokens.push((await client.agentAuthenticate(ana())).token);
    await expect(client.getDialers()).resolves.toHaveLength(2);
  });

  it('renews the agent login with the held credentials (a new token), and says clearly when none are held', async () => {
    await expect(client.renewAgentLogin()).rejects.toThrow(/Agent Authentication: no token is held/);
    const first = (await client.agentAuthenticate(ana())).token;
    const renewed = await client.renewAgentLogin();
    tokens.push(first, renewed.token);
    expect(renewed.token).not.toBe(first);
    expect((await simState(sim)).requests.filter((r) => r.operation === 'agentLogin').map((r) => r.result)).toEqual(['success', 'success']);
    await expect(client.getCampaigns()).resolves.not.toHaveLength(0);
  });

  it('re-authenticates once for concurrent calls that all meet an expired token', async () => {
    await signInBoth();
    await control(sim, 'POST', '/faults', { operation: 'getDialers', kind: 'expired-token', count: 1 });
    const results = await Promise.all([client.getDialers(), client.getDialers(), client.getDialers()]);
    expect(results.every((r) => r.length === 2)).toBe(true);
    const auths = (await simState(sim)).requests.filter((r) => r.operation === 'clientAuth');
    expect(auths).toHaveLength(2);
  });

  it('stops after one retry when the platform keeps saying 0', async () => {
    await signInBoth();
    const error = await failureOf(byOp('dialerTask').refused(client));
    expect(error).toBeInstanceOf(PlatformRefusedError);
    const ops = (await simState(sim)).requests.map((r) => r.operation);
    expect(ops.filter((o) => o === 'dialerTask')).toHaveLength(2);
    expect(ops.filter((o) => o === 'clientAuth')).toHaveLength(2);
  });
});

describe('connection and cancellation', () => {
  it('connection refused is a ConnectionError naming the operation', async () => {
    await sim.pauseHttp();
    const fresh = createIntegraClient({ baseUrl: sim.baseUrl });
    try {
      fresh.setTokens({ agent: 'some-token' });
      const error = await failureOf(fresh.getCampaigns());
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error.message).toMatch(/^Get Campaigns: the connection was refused/);
    } finally {
      await fresh.close();
      await sim.resumeHttp();
    }
  });

  it('an aborted signal gives AbortedError', async () => {
    await signInBoth();
    await injectFault(sim, 'getDialers', 'delay', 2_000);
    const controller = new AbortController();
    const pending = client.getDialers({ signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await failureOf(pending);
    expect(error.kind).toBe('aborted');
  });
});
