// Phones for bench/outage-matrix: agents created on the simulator, each with
// the app's Phone in its own Chromium context, its SIP WebSocket through a
// fault proxy. `app` phones have main's probe (as in the product); `page-only`
// phones reconnect by themselves (the same code without main: what Chromium's
// WebSocket throttle does to a page that retries on its own).
import type { Page } from 'playwright-core';
import type { IntegraClient } from '../../main/api';
import type { PhoneOptions } from '../../renderer/src/phone';
import type { CallPages } from './call-page';
import type { MainProbe } from './main-probe';

export type PhoneVariant = 'app' | 'page-only';

export interface OutagePhone {
  readonly variant: PhoneVariant;
  readonly page: Page;
  readonly agent: string;
  readonly phone: string;
}

export interface OutageView {
  registeredAgainAt: number[];
  registrationLostAt: number[];
  webSocketsOpened: number;
  audioSamples: { at: number; packets: number }[];
  call: { state: string; media: string; guid: string | null } | null;
}

/** The password of every agent the bench creates (a throw-away simulator). */
export const OUTAGE_AGENT_PASSWORD = 'Outage-bench-1';

/** Creates `count` agents (phones 2101…) and signs each in, so Make Call can reach them. */
async function createAgents(client: IntegraClient, count: number): Promise<{ agent: string; phone: string; ha1: string }[]> {
  const agents: { agent: string; phone: string; ha1: string }[] = [];
  for (let i = 0; i < count; i++) {
    const agent = `outage.bench.${i + 1}`;
    const phone = String(2101 + i);
    await client.createAgent({ userName: agent, password: OUTAGE_AGENT_PASSWORD, fullname: `Outage Bench ${i + 1}`, phoneNumber: phone });
    const record = (await client.agentAuthenticate({ agent, password: OUTAGE_AGENT_PASSWORD })) as { name: string; md5secret: string };
    agents.push({ agent, phone: record.name, ha1: record.md5secret });
  }
  return agents;
}

export async function startOutagePhones(opts: {
  client: IntegraClient;
  pages: CallPages;
  probe: MainProbe;
  /** The SIP WebSocket address the pages use (the fault proxy). */
  wsUrl: string;
  app: number;
  pageOnly: number;
}): Promise<OutagePhone[]> {
  const variants: PhoneVariant[] = [...Array<PhoneVariant>(opts.app).fill('app'), ...Array<PhoneVariant>(opts.pageOnly).fill('page-only')];
  const agents = await createAgents(opts.client, variants.length);
  const phones: OutagePhone[] = [];
  for (const [i, variant] of variants.entries()) {
    const a = agents[i];
    if (!a) throw new Error('an agent is missing');
    const page = await opts.pages.open();
    if (variant === 'app') await opts.probe.expose(page);
    const options: PhoneOptions = {
      credentials: { uri: `sip:${a.phone}@127.0.0.1`, authorizationUsername: a.phone, authorizationHa1: a.ha1, wsUrl: opts.wsUrl, realm: 'asterisk', displayName: a.agent },
    };
    await page.evaluate(([o, mainProbe]) => window.bench.start(o, { mainProbe }), [options, variant === 'app'] as const);
    await page.waitForFunction(() => window.bench.registration() === 'registered', undefined, { timeout: 15_000 });
    phones.push({ variant, page, agent: a.agent, phone: a.phone });
  }
  return phones;
}

export const outageView = (p: OutagePhone): Promise<OutageView> => p.page.evaluate(() => window.bench.outage());
