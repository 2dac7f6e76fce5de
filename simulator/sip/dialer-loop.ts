// Offers records queued by Add Record to Dialer, oldest first, to idle agents
// of their campaign. Runs on every event that may free an agent or add a
// record, and on a short timer only while records wait (a future calldate);
// it stops on close.
import { randomUUID } from 'node:crypto';
import type { SimState } from '../state/sim-state';
import type { DialerTask } from '../state/records';
import type { AgentCaller } from './agent-caller';
import type { AgentPicker } from './agent-picker';

export interface DialerLoopOptions {
  state: SimState;
  caller: AgentCaller;
  picker: AgentPicker;
  intervalMs?: number;
}

export class DialerLoop {
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: DialerLoopOptions) {}

  /** Offers what can be offered now; keeps a timer while records wait. */
  kick(): void {
    if (this.closed) return;
    this.offerDue();
    const waiting = this.options.state.dialerQueue.queued().length > 0;
    if (waiting && !this.timer) {
      this.timer = setInterval(() => this.kick(), this.options.intervalMs ?? 250);
      this.timer.unref();
    } else if (!waiting && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private offerDue(): void {
    const { state, picker } = this.options;
    const campaigns = new Set(state.dialerQueue.queued().map((task) => task.campaign));
    for (const campaign of campaigns) {
      for (;;) {
        const task = state.takeDueDialerTask(campaign, new Date(), (t) => picker.idleMembers(campaign, t.agent || undefined).length > 0);
        if (!task) break;
        this.offer(task);
      }
    }
  }

  private offer(task: DialerTask): void {
    const { state, caller, picker } = this.options;
    const agent = picker.pick(task.campaign, task.agent || undefined);
    if (!agent) return; // taken by the accept check just before; cannot happen in one tick
    const campaign = state.campaign(task.campaign);
    const dialer = state.dialers.find((d) => d.campaign === task.campaign);
    const guid = randomUUID();
    state.addCall({
      guid,
      agent: agent.accountcode,
      phone: agent.name,
      destination: task.destination,
      campaign: task.campaign,
      callerid: dialer?.callerid || campaign?.did || '',
      origin: 'dialer',
      status: 'requested',
      createdAt: new Date().toISOString(),
      dtmf: [],
    });
    caller.ring({ guid, customer: task.destination, autoAnswer: campaign?.auto_answer === '1', parAndValues: task.data });
  }
}
