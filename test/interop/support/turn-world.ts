// The world of the TURN tests (issue 15) and of the shift-start check's
// interop cases (issue 26): the workstation (browser host and Chromium) in a
// network namespace whose only way out is to the platform's address on this
// host, where Kamailio's WSS, the API's HTTPS front and coturn listen. The
// media server (rtpengine) is on this host's loopback, which the namespace
// cannot reach: only a TURN relay carries audio.
//
//   namespace sp-agent-…                          this host
//   Chromium + browser host ── wifi0 ── veth ──▶ 10.231.n.1: Kamailio WSS, API switch → HTTPS front, coturn (UDP+TCP+TLS)
//                                                127.0.0.1: rtpengine ◀── coturn relays; Kamailio UDP ◀── baresip (customer 127.0.0.2, echo 127.0.0.3)
//
// The instance URL is a TCP switch in front of the HTTPS front, so a test can
// put the API behind another certificate without restarting the app. One
// world per test file; `close()` takes all of it down, also after a failed start.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startSimulator, type Simulator } from '../../../simulator/index';
import { fillSignIn, phoneOnline, signOut } from '../../e2e/harness';
import { startHttpsProxy, type HttpsProxy } from '../../e2e/https-proxy';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { until } from '../../support/poll-until';
import type { Kamailio } from '../kamailio/kamailio-server';
import { startBaresipCustomer, type BaresipCustomer } from '../media/baresip-customer';
import { startBaresipEcho, type BaresipEcho } from '../media/baresip-echo';
import { startCoturn, type Coturn } from '../media/coturn';
import { CUSTOMER_NUMBER, CUSTOMER_TONE_HZ } from '../media/customer-call';
import { startRtpengine, type Rtpengine } from '../media/rtpengine';
import { createAgentNetns, type AgentNetns } from './agent-netns';
import { startKamailioForSeed } from './kamailio-for-seed';
import { chromiumInNamespace, startHostInNamespace, tlsKeyPin, wssKeyPin, type HostInNamespace } from './workstation-netns';

/** The echo extension the world's Kamailio routes to baresip's echo (the app's default `echoDestination`). */
export const ECHO_EXTENSION = '*43';

export interface TurnWorldOptions {
  /** A customer on plain SIP (baresip) that can call the agent. */
  customer?: boolean;
  /** The echo extension (ECHO_EXTENSION) behind Kamailio and rtpengine. */
  echo?: boolean;
  /** More Chromium flags (e.g. a fake microphone's file), given the world's temp dir. */
  chromiumArgs?: (dir: string) => string[];
}

export interface TurnWorld {
  netns: AgentNetns;
  rtpengine: Rtpengine;
  kamailio: Kamailio;
  coturn: Coturn;
  sim: Simulator;
  /** The API's HTTPS front, trusted by the workstation (its CA file). */
  front: HttpsProxy;
  /** Where the instance URL leads (initially the front). */
  apiSwitch: FaultProxy;
  host: HostInNamespace;
  browser: Browser;
  page: Page;
  dir: string;
  /** Present when asked for. */
  customer: BaresipCustomer | undefined;
  echo: BaresipEcho | undefined;
  agent(): { agent: string; password: string; phone: string };
  signInAgain(): Promise<void>;
  /** A firewall in the namespace that drops every UDP packet to the platform (TURN must go over TCP or TLS). */
  blockUdp(): void;
  unblockUdp(): void;
  /** Adds a STUN/TURN server in the workstation settings (signed out), as IT or the agent would. */
  addIceServer(urls: string, username: string, credential: string): Promise<void>;
  /** Removes every STUN/TURN server in the workstation settings (signed out). */
  removeIceServers(): Promise<void>;
  /** Signs out, leaves exactly these TURN servers (coturn's credentials) and signs in again. */
  useOnlyTurnServers(urls: string[]): Promise<void>;
  close(): Promise<void>;
}

export async function startTurnWorld(options: TurnWorldOptions = {}): Promise<TurnWorld> {
  const dir = mkdtempSync(join(tmpdir(), 'turn-'));
  const parts: Partial<Omit<TurnWorld, 'dir'>> = {};
  const close = async (): Promise<void> => {
    await parts.browser?.close().catch(() => undefined);
    await parts.host?.stop();
    await parts.apiSwitch?.close().catch(() => undefined);
    await parts.front?.close().catch(() => undefined);
    await parts.sim?.close().catch(() => undefined);
    await parts.customer?.stop();
    await parts.echo?.stop();
    await parts.coturn?.stop();
    await parts.kamailio?.stop();
    await parts.rtpengine?.stop();
    parts.netns?.remove();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const netns = (parts.netns = createAgentNetns());
    const rtpengine = (parts.rtpengine = await startRtpengine());
    const echo = (parts.echo = options.echo ? await startBaresipEcho() : undefined);
    const trunk = { rtpengineNg: rtpengine.ngAddress, campaign: 'Entrante<-', ...(echo ? { echo: { extension: ECHO_EXTENSION, uri: echo.uri } } : {}) };
    const kamailio = (parts.kamailio = await startKamailioForSeed({ host: netns.platformAddress, trunk }));
    const coturn = (parts.coturn = await startCoturn({ listenIp: netns.platformAddress, relayIp: '127.0.0.1' }));
    parts.customer = options.customer ? await startBaresipCustomer({ number: CUSTOMER_NUMBER, toneHz: CUSTOMER_TONE_HZ }) : undefined;
    const sim = (parts.sim = await startSimulator({ port: 0, extensions: [] }));
    // Off loopback the API is https too (http:// is refused there): a front with a private CA, trusted by its CA file.
    const front = (parts.front = await startHttpsProxy(sim.baseUrl, netns.platformAddress));
    // The workstation's instance address; a test may turn it to another front (switchTo).
    const frontUrl = new URL(front.baseUrl);
    const apiSwitch = (parts.apiSwitch = await startFaultProxy(Number(frontUrl.port), frontUrl.hostname, netns.platformAddress));
    const instanceUrl = `https://${netns.platformAddress}:${apiSwitch.port}`;
    const host = (parts.host = await startHostInNamespace(netns, { instanceUrl, sipUrl: kamailio.wssUrl, caFile: front.caFile, dataDir: join(dir, 'host') }));
    // Chromium trusts two keys: Kamailio's WSS and coturn's TLS port (turns:).
    const pins = [await wssKeyPin(kamailio.wssUrl, kamailio.caFile), await tlsKeyPin(netns.platformAddress, coturn.tlsPort, coturn.caFile)];
    const browser = (parts.browser = await chromiumInNamespace(netns, dir, pins.join(','), options.chromiumArgs?.(dir) ?? []));
    const page = (parts.page = await (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage());
    const world = worldOf({ ...parts, netns, rtpengine, kamailio, coturn, sim, front, apiSwitch, host, browser, page, dir }, close);
    await page.goto(host.url);
    await world.signInAgain();
    return world;
  } catch (error) {
    await close();
    throw error;
  }
}

type Parts = Omit<TurnWorld, 'agent' | 'signInAgain' | 'blockUdp' | 'unblockUdp' | 'addIceServer' | 'removeIceServers' | 'useOnlyTurnServers' | 'close' | 'customer' | 'echo'> &
  Partial<Pick<TurnWorld, 'customer' | 'echo'>>;

function worldOf(parts: Parts, close: () => Promise<void>): TurnWorld {
  const { page, netns, sim, coturn } = parts;
  const agent = () => sim.ready.credentials.agents[0]!;
  const nft = (args: string[]): string => netns.exec(['nft', ...args]);
  const openIceSettings = async () => {
    await page.getByTestId('open-workstation-settings').click();
    const settings = page.getByTestId('workstation-settings');
    const fieldset = settings.locator('.ice-servers');
    if ((await fieldset.getAttribute('open')) === null) await fieldset.locator('summary').click();
    return settings;
  };
  const closeSettings = async (settings: Awaited<ReturnType<typeof openIceSettings>>) => {
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });
  };
  const world: TurnWorld = {
    ...parts,
    customer: parts.customer,
    echo: parts.echo,
    agent,
    async signInAgain() {
      await fillSignIn(page, { agent: agent().agent, password: agent().password });
      await phoneOnline(page);
    },
    blockUdp() {
      nft(['add', 'table', 'inet', 'softphone_test']);
      nft(['add', 'chain', 'inet', 'softphone_test', 'out', '{ type filter hook output priority 0 ; }']);
      nft(['add', 'rule', 'inet', 'softphone_test', 'out', 'ip', 'daddr', netns.platformAddress, 'meta', 'l4proto', 'udp', 'drop']);
    },
    unblockUdp: () => void nft(['delete', 'table', 'inet', 'softphone_test']),
    async addIceServer(urls, username, credential) {
      const settings = await openIceSettings();
      await settings.locator('input[name=iceUrls]').fill(urls);
      await settings.locator('input[name=iceUsername]').fill(username);
      await settings.locator('input[name=iceCredential]').fill(credential);
      await settings.getByTestId('ice-add').click();
      await until('the server is listed', () => settings.getByTestId('ice-servers').textContent(), (text) => (text ?? '').includes(urls));
      await closeSettings(settings);
    },
    async removeIceServers() {
      const settings = await openIceSettings();
      const servers = settings.getByTestId('ice-servers').locator('li');
      while ((await servers.count()) > 0) {
        const count = await servers.count();
        await servers.first().locator('button').click();
        await until('the server is gone', () => servers.count(), (n) => n < count);
      }
      await closeSettings(settings);
    },
    async useOnlyTurnServers(urls) {
      await signOut(page);
      await world.removeIceServers();
      for (const url of urls) await world.addIceServer(url, coturn.username, coturn.credential);
      await world.signInAgain();
    },
    close,
  };
  return world;
}
