// bench/transfer through the built-in simulator (it plays Asterisk): ana
// (1001, the only member of Cobranzas->) and bruno (1002, the only member of
// Encuestas->) registered on its SIP WebSocket. A customer is the simulator's
// own inbound call (POST /__sim/inbound-call); the customer hears an agent
// when the simulator's leg facing the customer counts that agent's RTP
// (sim-control.ts). The platform follows the REFER itself (it is the PBX).
import type { Simulator } from '../../simulator/index';
import { blindTransfer, ended, hangUpAll, talking, type Agent } from './transfer-agent';
import type { TransferPath } from './transfer-path';
import { simControl, whenCustomerHears } from './sim-control';
import type { StepSamples } from './step-samples';

interface SimAgent extends Agent {
  readonly campaign: string;
}

export function simulatorPath(sim: Simulator, agents: { ana: Agent; bruno: Agent }, samples: StepSamples): TransferPath {
  const ana: SimAgent = { ...agents.ana, campaign: 'Cobranzas->' };
  const bruno: SimAgent = { ...agents.bruno, campaign: 'Encuestas->' };
  const transferLabel = 'simulator: blind transfer ana → bruno';

  /** A customer of the agent's campaign calls; the agent answers as it rings. Returns the call's GUID once both talk. */
  async function customerCalls(agent: SimAgent, name: string, n: number): Promise<string> {
    await agent.page.evaluate(() => window.bench.answerWhenRinging());
    const dialled = Date.now();
    const { guid } = await simControl<{ guid: string }>(sim, 'POST', '/inbound-call', { campaign: agent.campaign, from: `0992${String(n).padStart(5, '0')}` });
    const page = await talking(agent);
    const heard = await whenCustomerHears(sim, guid, agent.extension);
    const label = `simulator: customer → ${name} (direct)`;
    samples.add(label, 'dial → ringing', page.ringing - dialled);
    samples.add(label, 'dial → established', page.established - dialled);
    samples.add(label, 'dial → audio both ways (agent page)', page.audioBoth - dialled);
    samples.add(label, 'dial → customer hears agent', heard === null ? Number.NaN : heard - dialled);
    return guid;
  }

  /** Ends the call from `hangingUp`'s side and waits until the simulator and every page are done with it. */
  async function endCall(guid: string, hangingUp: Agent, others: readonly Agent[]): Promise<void> {
    await hangingUp.page.evaluate(() => window.bench.hangUp()).catch(() => undefined);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const call = await simControl<{ status: string }>(sim, 'GET', `/calls/${encodeURIComponent(guid)}`);
      if (call.status === 'ended' && (await ended([hangingUp, ...others]))) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`call ${guid} did not end within 10 s`);
  }

  return {
    name: 'simulator',
    transferLabel,
    directLabel: 'simulator: customer → bruno (direct)',
    async direct(n) {
      const guid = await customerCalls(bruno, 'bruno', n);
      await endCall(guid, bruno, []);
    },
    async transfer(n) {
      const guid = await customerCalls(ana, 'ana', n);
      await bruno.page.evaluate(() => window.bench.answerWhenRinging());
      const transfer = await blindTransfer(ana, bruno);
      const page = await talking(bruno);
      const heard = await whenCustomerHears(sim, guid, bruno.extension);
      samples.add(transferLabel, 'transfer() → REFER sent (the hold first)', transfer.holdMs);
      samples.add(transferLabel, 'REFER → target rings (INVITE at its page)', page.ringing - transfer.referred);
      samples.add(transferLabel, "REFER → ana's phone told done (NOTIFY 200)", transfer.done - transfer.referred);
      samples.add(transferLabel, 'REFER → target established', page.established - transfer.referred);
      samples.add(transferLabel, 'REFER → audio both ways (target page)', page.audioBoth - transfer.referred);
      samples.add(transferLabel, 'REFER → customer hears target', heard === null ? Number.NaN : heard - transfer.referred);
      if (heard === null) throw new Error('the customer never heard bruno');
      await endCall(guid, bruno, [ana]);
    },
    cleanUp: () => hangUpAll([ana, bruno]),
    close: async () => undefined,
  };
}
