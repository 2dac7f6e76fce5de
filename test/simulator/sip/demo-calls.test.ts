// The demo's own callers: a customer calls an inbound campaign now and then,
// at most `count` times, and the loop gives up by itself when nobody answers.
import { Registerer, RegistererState, UserAgent, type Invitation } from 'sip.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../simulator/index';
import { startDemoCalls } from '../../../simulator/sip/demo-calls';
import { createSipExtension } from '../../../simulator/sip/sip-extension';
import { until } from '../../support/poll-until';
import { post, simState, startTestSimulator } from '../sim-client';

const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe('startDemoCalls', () => {
  it('places `count` calls, trying the next inbound campaign when one has nobody idle, then stops', async () => {
    const placed: string[] = [];
    let idle = false;
    const demo = startDemoCalls({ count: 2, firstDelayMs: 5, everyMs: 5 }, {
      inboundCampaigns: () => ['Soporte<-', 'Ventas<-'],
      place: (campaign, from, data) => {
        idle = !idle; // every other try finds nobody idle
        if (idle) placed.push(`${from}→${campaign} ${data}`);
        return idle;
      },
      log: () => undefined,
    });
    closers.push(() => demo.close());
    await until('two demo calls', async () => placed.length, (n) => n >= 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(placed).toEqual([
      '098765432→Soporte<- nombre=Carlos Pérez;cuenta=10234;motivo=Factura',
      '099112233→Ventas<- nombre=María Rodríguez;cuenta=20871;motivo=Cambio de plan;cita=10:30',
    ]);
  });

  it('gives up after a bounded number of attempts when nobody ever takes a call', async () => {
    let attempts = 0;
    const demo = startDemoCalls({ count: 1, firstDelayMs: 1, everyMs: 1 }, { inboundCampaigns: () => ['Soporte<-'], place: () => (attempts++, false), log: () => undefined });
    closers.push(() => demo.close());
    await until('the demo gives up', async () => attempts, (n) => n >= 30);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(attempts).toBe(30);
  });
});

describe('the simulator with demo calls', () => {
  it('rings a signed-in, registered member of an inbound campaign by itself', { timeout: 30_000 }, async () => {
    const sim: Simulator = await startTestSimulator({ extensions: [createSipExtension({ demoCalls: { count: 1, firstDelayMs: 200, everyMs: 200 } })] });
    closers.push(() => sim.close());
    const seeded = sim.ready.credentials.agents.find((a) => a.agent === 'ana.garcia')!;
    const record = JSON.parse((await post(sim, 'agentLogin', { agent: seeded.agent, password: seeded.password })).text) as { name: string; md5secret: string };
    const invites: Invitation[] = [];
    const ua = new UserAgent({
      uri: UserAgent.makeURI(`sip:${record.name}@127.0.0.1`),
      transportOptions: { server: (sim.ready.sip as { ws: string }).ws },
      authorizationUsername: record.name,
      authorizationHa1: record.md5secret,
      logBuiltinEnabled: false,
      delegate: { onInvite: (invitation) => void invites.push(invitation) },
    });
    await ua.start();
    closers.push(() => ua.stop());
    const registerer = new Registerer(ua);
    await registerer.register();
    await until('registered', async () => registerer.state, (state) => state === RegistererState.Registered);

    await until('the demo call rings the agent', async () => invites.length, (n) => n === 1);
    const calls = ((await simState(sim)) as { calls: { origin: string; campaign: string; phone: string }[] }).calls;
    expect(calls).toEqual([expect.objectContaining({ origin: 'inbound', campaign: 'Soporte<-', phone: record.name })]);
  });
});
