// Agents behind a firewall (issue 15): the workstation (browser host and
// Chromium) runs in a network namespace whose only way out is to the
// platform's address on this host, where Kamailio's WSS, the API's HTTPS
// front and coturn listen. The media server (rtpengine) is on this host's
// loopback, which the namespace cannot reach: host and server-reflexive
// candidates fail, and only a TURN relay carries the audio. A customer on
// plain SIP (baresip) calls the agent's extension each time.
//
//   namespace sp-agent-…                          this host
//   Chromium + browser host ── wifi0 ── veth ──▶ 10.231.n.1: Kamailio WSS, HTTPS front, coturn (UDP+TCP)
//                                                127.0.0.1: rtpengine ◀── coturn relays; Kamailio UDP ◀── baresip (127.0.0.2)
//
// The world (namespace, servers, Chromium) is support/turn-world.ts.
// Without the TURN setting the app says "no audio path"; with it the call
// connects through the relay, over UDP and, with UDP blocked, over TCP and
// over TLS (turns:); on a lossy, slow link the call panel's figures follow
// what was injected.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateMos } from '../../renderer/src/phone/quality/mos';
import { pageLevel, panelState } from '../e2e/calls-kit';
import { screenshotsInBothLanguages } from '../e2e/harness';
import { until } from '../support/poll-until';
import type { Kamailio } from './kamailio/kamailio-server';
import type { BaresipCustomer } from './media/baresip-customer';
import type { Coturn } from './media/coturn';
import { startImpairedRelay, type Injected } from './media/impaired-relay';
import { answerAndHearBothWays, customerCalls, pageToneFlag } from './media/customer-call';
import { startTurnWorld, type TurnWorld } from './support/turn-world';

let world: TurnWorld;
let kamailio: Kamailio;
let coturn: Coturn;
let customer: BaresipCustomer;
let page: Page;

const agent = () => world.agent();
const blockUdp = (): void => world.blockUdp();
const unblockUdp = (): void => world.unblockUdp();

/** The agent hangs up and files the wrap-up; baresip sees the BYE. */
async function hangUpAndFile(): Promise<void> {
  const closed = customer.events().filter((e) => e.type === 'CALL_CLOSED').length;
  await page.getByTestId('hang-up').click();
  const form = page.locator('[data-testid=disposition-form]');
  await form.waitFor();
  await until('baresip sees the BYE', async () => customer.events().filter((e) => e.type === 'CALL_CLOSED').length, (n) => n > closed);
  await form.locator('input[name=l1]').fill('Contactado');
  await page.getByTestId('disposition-submit').click();
  await form.waitFor({ state: 'detached' });
}

interface PanelFigures {
  mos: number;
  loss: number;
  jitter: number;
  rtt: number;
}

/** The call panel's figures, read once a second for `seconds` and averaged (readings of an interval without audio have none and are skipped). */
async function panelFigures(seconds: number): Promise<PanelFigures> {
  const quality = page.getByTestId('call-quality');
  const figure = async (name: string): Promise<number | null> => {
    const text = await quality.getAttribute(`data-${name}`);
    return text === null ? null : Number(text);
  };
  const readings: PanelFigures[] = [];
  for (let i = 0; i < seconds; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const [mos, loss, jitter, rtt] = await Promise.all(['mos', 'loss', 'jitter', 'rtt'].map(figure));
    if (mos != null && loss != null && jitter != null && rtt != null) readings.push({ mos, loss, jitter, rtt });
  }
  if (readings.length < seconds / 2) throw new Error(`the call panel showed quality figures in only ${readings.length} of ${seconds} seconds`);
  const mean = (pick: (r: PanelFigures) => number) => Math.round((readings.reduce((sum, r) => sum + pick(r), 0) / readings.length) * 100) / 100;
  return { mos: mean((r) => r.mos), loss: mean((r) => r.loss), jitter: mean((r) => r.jitter), rtt: mean((r) => r.rtt) };
}

const roundAll = (figures: Injected): Injected =>
  Object.fromEntries(Object.entries(figures).map(([key, value]) => [key, Math.round(value * 100) / 100])) as unknown as Injected;

/**
 * With `url` as the only STUN/TURN server (signed out and in again), a
 * customer's call answered with audio both ways, then hung up; resolves with
 * coturn's log lines of the relayed session that carried it (coturn reports
 * what it relayed when the allocation ends).
 */
async function callThroughRelay(url: string, label: string): Promise<string> {
  await world.useOnlyTurnServers([url]);
  const before = relayedSessions().length;
  await customerCalls(page, customer, kamailio.trunkUri(agent().phone));
  const heard = await answerAndHearBothWays(page, customer);
  process.stderr.write(`interop: ${label}: baresip heard rms ${heard.level.toFixed(3)} (${(heard.pageTone * 100).toFixed(0)}% the page's tone) through the relay\n`);
  await hangUpAndFile();
  const sessions = await until('coturn reports the relayed session', async () => relayedSessions(), (lines) => lines.length > before, { timeoutMs: 15_000 });
  const id = /session (\d+):/u.exec(sessions.at(-1) ?? '')?.[1];
  const lines = coturn.log().split('\n').filter((line) => line.includes(`session ${id}:`));
  process.stderr.write(`interop: coturn: ${sessions.at(-1)?.trim()}\n`);
  return lines.join('\n');
}

/** Lines of coturn's log about our user's relayed sessions (allocations that carried traffic). */
const relayedSessions = (): string[] => coturn.log().split('\n').filter((line) => line.includes(`username=<${coturn.username}>`) && /usage:.*rp=[1-9]/u.test(line));

beforeAll(async () => {
  world = await startTurnWorld({ customer: true, chromiumArgs: (dir) => [pageToneFlag(dir)] });
  ({ kamailio, coturn, page } = world);
  customer = world.customer!;
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe('an agent whose only way to the media server is a TURN relay', () => {
  it('without a TURN server: the call is answered but has no audio path, and the app says so instead of showing a silent call as fine', async () => {
    await customerCalls(page, customer, kamailio.trunkUri(agent().phone));
    await page.getByTestId('answer').click();
    await panelState(page, 'active').waitFor({ timeout: 15_000 });
    const quality = page.getByTestId('call-quality');
    await quality.and(page.locator('[data-side=no-path]')).waitFor({ timeout: 15_000 });
    expect(await quality.textContent()).toMatch(/TURN/u);
    expect(await quality.getAttribute('data-mos')).toBeNull();
    expect(await pageLevel(page)).toBeLessThan(0.01);
    await screenshotsInBothLanguages(page, 'call-no-audio-path');
    expect(await quality.textContent()).toMatch(/TURN/u);
    await hangUpAndFile();
  }, 60_000);

  it('with the TURN setting (UDP): the call connects through the relay and carries audio both ways', async () => {
    expect(await callThroughRelay(coturn.udpUrl, 'TURN/UDP')).not.toMatch(/TCP|TLS/u);
  }, 90_000);

  it('with UDP blocked: TURN over TCP carries the call', async () => {
    blockUdp();
    try {
      expect(await callThroughRelay(coturn.tcpUrl, 'TURN/TCP with UDP blocked')).toMatch(/TCP/u);
    } finally {
      unblockUdp();
    }
  }, 90_000);

  it('with UDP blocked: TURN over TLS (turns:) carries the call', async () => {
    blockUdp();
    try {
      expect(await callThroughRelay(coturn.tlsUrl, 'TURN over TLS with UDP blocked')).toMatch(/TLS/u);
    } finally {
      unblockUdp();
    }
  }, 90_000);

  it('quality you can trust: with 80 ms delay, 20 ms jitter and 2% loss toward the agent, the panel\'s loss, jitter and RTT follow what was injected and the MOS drops; with none, they read ~0', async () => {
    // This kernel may lack sch_netem: the impairment is a userspace relay in front of coturn, recording what it did.
    const relay = await startImpairedRelay({ host: world.netns.platformAddress }, { host: world.netns.platformAddress, port: coturn.port });
    try {
      await world.useOnlyTurnServers([`turn:${world.netns.platformAddress}:${relay.port}?transport=udp`]);
      await customerCalls(page, customer, kamailio.trunkUri(agent().phone));
      await answerAndHearBothWays(page, customer);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const clean = await panelFigures(6);
      relay.set({ delayMs: 80, jitterMs: 20, loss: 0.02 });
      // The jitter estimate (1/16 per packet) and the RTT (one RTCP report every ~5 s) settle first.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const from = Date.now();
      // 40 readings: the RTT comes from one RTCP report every ~5 s, each one packet's delay (80 ± 20 ms).
      const impaired = await panelFigures(40);
      const injected = relay.injected(from - 1_000, Date.now());
      relay.set(null);
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      const after = await panelFigures(6);
      process.stderr.write(
        `interop: quality: clean ${JSON.stringify(clean)}; injected ${JSON.stringify(roundAll(injected))}; ` +
          `the panel with it ${JSON.stringify(impaired)}; after ${JSON.stringify(after)}\n`,
      );
      const within = (read: number, expected: number) => expect(Math.abs(read - expected)).toBeLessThanOrEqual(0.25 * expected);
      within(impaired.loss, injected.lossPercent);
      within(impaired.jitter, injected.jitterMs);
      // The RTT comes from RTCP reports: compared with the delay those packets were given.
      within(impaired.rtt, clean.rtt + injected.rtcpMeanDelayMs);
      // The MOS drops as much as the injected figures say it should (the app's own E-model estimate of them).
      const expectedMos = estimateMos({ rttMs: clean.rtt + injected.rtcpMeanDelayMs, jitterMs: injected.jitterMs, lossPercent: injected.lossPercent });
      expect(impaired.mos).toBeLessThan(clean.mos);
      expect(Math.abs(impaired.mos - expectedMos)).toBeLessThanOrEqual(0.15);
      expect(clean.loss).toBeLessThan(0.2);
      expect(after.loss).toBeLessThan(0.2);
      expect(after.jitter).toBeLessThan(0.25 * injected.jitterMs);
      await hangUpAndFile();
    } finally {
      await relay.close();
    }
  }, 150_000);
});
