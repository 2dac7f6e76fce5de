// bench/transfer through real SIP software, as the interop tier runs it
// (test/interop/transfer.test.ts): a customer on plain SIP (baresip, UDP,
// PCMU) calls through Kamailio's trunk, whose rtpengine module bridges the
// media to the agents' WebRTC; ana and bruno (1001, 1002) register on
// Kamailio's WebSocket. Nothing here plays the PBX: the REFER crosses
// Kamailio to baresip, which follows it itself by dialling the Refer-To
// through its outbound proxy (the trunk), reports progress in NOTIFYs, and
// the new call reaches bruno as a new INVITE.
// The customer hears bruno when rtpengine, which records every packet it
// relays (SRTP decrypted), has the first packet of bruno's page on the new
// call: it sends it on to baresip at once, as the simulator's leg facing the
// customer does (its stamp is the system clock, this process's Date.now()).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PhoneOptions } from '../../renderer/src/phone';
import { KAMAILIO_BIN } from '../../test/interop/kamailio/kamailio-server';
import { BARESIP_BIN, startBaresipCustomer } from '../../test/interop/media/baresip-customer';
import { CUSTOMER_NUMBER, CUSTOMER_TONE_HZ, recordedSides, type RecordedSides } from '../../test/interop/media/customer-call';
import { parsePcap } from '../../test/interop/media/rtp-capture';
import { RTPENGINE_BIN, startRtpengine } from '../../test/interop/media/rtpengine';
import { startKamailioForSeed } from '../../test/interop/support/kamailio-for-seed';
import type { CallPages } from './call-page';
import { blindTransfer, ended, hangUpAll, registerAgent, talking, type Agent } from './transfer-agent';
import type { TransferPath } from './transfer-path';
import type { StepSamples } from './step-samples';

/** Why this path cannot run here (a package missing), or null. */
export function kamailioMissing(): string | null {
  const missing = [KAMAILIO_BIN, RTPENGINE_BIN, BARESIP_BIN].filter((bin) => !existsSync(bin));
  return missing.length === 0 ? null : `${missing.join(', ')} not installed (test/ensure-packages.sh installs them, as root)`;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function kamailioPath(pages: CallPages, credentials: { ana: PhoneOptions['credentials']; bruno: PhoneOptions['credentials'] }, samples: StepSamples): Promise<TransferPath> {
  const stops: (() => Promise<void>)[] = [];
  const close = async (): Promise<void> => {
    for (const stop of stops.reverse().splice(0)) await stop().catch(() => undefined);
  };
  try {
    const rtpengine = await startRtpengine();
    stops.push(rtpengine.stop);
    const kamailio = await startKamailioForSeed({ trunk: { rtpengineNg: rtpengine.ngAddress, campaign: 'Entrante<-' }, agentCalls: true });
    stops.push(kamailio.stop);
    const customer = await startBaresipCustomer({ number: CUSTOMER_NUMBER, toneHz: CUSTOMER_TONE_HZ, outboundProxy: kamailio.trunkProxy() });
    stops.push(customer.stop);
    const ana = await registerAgent(pages, { ...credentials.ana, wsUrl: kamailio.wsUrl });
    const bruno = await registerAgent(pages, { ...credentials.bruno, wsUrl: kamailio.wsUrl });
    stops.push(async () => {
      for (const agent of [ana, bruno]) await agent.page.evaluate(() => window.bench.stop()).catch(() => undefined);
    });
    const pcaps = join(rtpengine.recordingDir, 'pcaps');
    const recorded = (): string[] => (existsSync(pcaps) ? readdirSync(pcaps).filter((f) => f.endsWith('.pcap')) : []);
    const closed = (): number => customer.events().filter((e) => e.type === 'CALL_CLOSED').length;

    /**
     * When rtpengine first had a packet from an agent's page on a call it began recording after `known` (null: none
     * within 10 s). The recording's addresses do not say whose a flow is (the page's may start from another interface
     * while ICE settles, and baresip's leaves from 127.0.0.1): a flow carrying the customer's tone is the customer's,
     * any other µ-law flow the page's (recordedSides), told apart once the customer's has half a second of audio.
     */
    async function pageFirstHeard(known: ReadonlySet<string>): Promise<number | null> {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        for (const file of recorded().filter((f) => !known.has(f))) {
          const packets = parsePcap(readFileSync(join(pcaps, file)));
          let sides: RecordedSides;
          try {
            sides = recordedSides(packets);
          } catch {
            continue; // no customer audio yet
          }
          if (packets.filter((p) => sides.fromCustomer(p)).length < 25) continue;
          const first = packets.find((p) => sides.fromPage(p));
          if (first) return first.at;
        }
        await sleep(20);
      }
      return null;
    }

    /** The customer dials `agent` on the trunk; the agent answers as it rings; the steps as the simulator path names them. */
    async function customerCalls(agent: Agent, name: string): Promise<void> {
      await agent.page.evaluate(() => window.bench.answerWhenRinging());
      const known = new Set(recorded());
      const dialled = Date.now();
      await customer.dial(kamailio.trunkUri(agent.extension));
      const page = await talking(agent);
      const heard = await pageFirstHeard(known);
      const label = `kamailio: customer → ${name} (direct)`;
      samples.add(label, 'dial → ringing', page.ringing - dialled);
      samples.add(label, 'dial → established', page.established - dialled);
      samples.add(label, 'dial → audio both ways (agent page)', page.audioBoth - dialled);
      samples.add(label, 'dial → customer hears agent', heard === null ? Number.NaN : heard - dialled);
    }

    /** bruno hangs up; waits until baresip has closed `calls` more calls and every page's call has ended. */
    async function endCall(closedBefore: number, calls: number, others: readonly Agent[]): Promise<void> {
      await bruno.page.evaluate(() => window.bench.hangUp()).catch(() => undefined);
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        if (closed() >= closedBefore + calls && (await ended([bruno, ...others]))) return;
        await sleep(20);
      }
      throw new Error(`baresip closed ${closed() - closedBefore} of ${calls} calls within 10 s`);
    }

    const transferLabel = 'kamailio: blind transfer ana → bruno';
    return {
      name: 'kamailio',
      transferLabel,
      directLabel: 'kamailio: customer → bruno (direct)',
      async direct() {
        const closedBefore = closed();
        await customerCalls(bruno, 'bruno');
        await endCall(closedBefore, 1, []);
      },
      async transfer() {
        const closedBefore = closed();
        await customerCalls(ana, 'ana');
        await bruno.page.evaluate(() => window.bench.answerWhenRinging());
        const known = new Set(recorded());
        const transfer = await blindTransfer(ana, bruno);
        const page = await talking(bruno);
        const heard = await pageFirstHeard(known);
        samples.add(transferLabel, 'transfer() → REFER sent (the hold first)', transfer.holdMs);
        samples.add(transferLabel, 'REFER → target rings (INVITE at its page)', page.ringing - transfer.referred);
        samples.add(transferLabel, "REFER → ana's phone told done (NOTIFY 200)", transfer.done - transfer.referred);
        samples.add(transferLabel, 'REFER → target established', page.established - transfer.referred);
        samples.add(transferLabel, 'REFER → audio both ways (target page)', page.audioBoth - transfer.referred);
        samples.add(transferLabel, 'REFER → customer hears target', heard === null ? Number.NaN : heard - transfer.referred);
        if (heard === null) throw new Error('rtpengine relayed nothing of bruno to the customer');
        // ana's leg (her BYE after the NOTIFY 200) and the transferred call.
        await endCall(closedBefore, 2, [ana]);
      },
      async cleanUp() {
        await hangUpAll([ana, bruno]);
        await customer.hangUp().catch(() => undefined);
      },
      close,
    };
  } catch (error) {
    await close();
    throw new Error(`bench: the Kamailio path (rtpengine, Kamailio, baresip) did not start: ${(error as Error).message}`, { cause: error });
  }
}
