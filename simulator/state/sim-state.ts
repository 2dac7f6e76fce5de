// The live state of one simulated platform instance: seeded data plus
// everything the API changed, with typed events for extensions.
import { EventEmitter } from 'node:events';
import type { Seed } from '../seed/seed-schema';
import { AgentStore, md5Secret } from './agent-store';
import { CallStore, type CallPatch } from './call-store';
import { DialerQueue } from './dialer-queue';
import { PLATFORM_RESTARTED_CAUSE, type PlatformRestart, type SimEvents } from './events';
import { FaultStore } from './fault-store';
import { QueueMemberStore } from './queue-member-store';
import type {
  AgentEntry,
  CallRecord,
  Campaign,
  Dialer,
  DialerTask,
  DispositionRecord,
  LogoutRecord,
  QueueMember,
  RequestLogEntry,
  TransferRecord,
  UploadedList,
} from './records';
import { TokenStore } from './token-store';

const requestLogLimit = 1000;

export class SimState extends EventEmitter<SimEvents> {
  readonly agents = new AgentStore();
  readonly calls = new CallStore();
  readonly dialerQueue = new DialerQueue();
  readonly faults = new FaultStore();
  tokens = new TokenStore();
  campaigns: Campaign[] = [];
  dialers: Dialer[] = [];
  readonly queueMembers = new QueueMemberStore();
  lists: UploadedList[] = [];
  dispositions = new Map<string, DispositionRecord>();
  logouts: LogoutRecord[] = [];
  requests: RequestLogEntry[] = [];
  /** Transfers asked for by phones (REFER), newest last; the SIP side keeps at most 1000. */
  transfers: TransferRecord[] = [];
  #nextListId = 1;

  constructor(readonly seed: Seed) {
    super();
    this.#load();
  }

  #load(): void {
    const now = new Date().toISOString();
    this.agents.clear();
    for (const a of this.seed.agents) {
      this.agents.add({
        id: a.id, name: a.phone, accountcode: a.userName, password: a.password,
        md5secret: md5Secret(a.phone, a.password), fullname: a.fullname, email: a.email,
        did: a.did, limite: a.limite, loggedIn: false, origin: 'seed',
      });
    }
    this.campaigns = structuredClone(this.seed.campaigns);
    this.dialers = structuredClone(this.seed.dialers);
    this.queueMembers.clear();
    this.queueMembers.add(
      this.seed.queueMembers.map((m) => ({ ...m, interface1: `SIP/${this.agents.byUserName(m.membername)?.name ?? ''}`, addedAt: now })),
    );
  }

  /**
   * Back to the seed: tokens, sessions, calls, queues, lists, dispositions and
   * faults cleared. Returns the lists that were dropped (their files are the caller's to delete).
   */
  reset(): UploadedList[] {
    const dropped = this.lists;
    this.tokens = new TokenStore();
    this.calls.clear();
    this.dialerQueue.clear();
    this.faults.clear();
    this.lists = [];
    this.dispositions = new Map();
    this.logouts = [];
    this.requests = [];
    this.transfers = [];
    this.#nextListId = 1;
    this.#load();
    this.emit('reset');
    return dropped;
  }

  /**
   * What a platform restart loses: every token (sessions), every agent's
   * logged-in flag, every call that has not ended (ended as failed, cause
   * `platform restarted`). Configuration and stored data stay: agents and their
   * passwords, campaigns, dialers, queue members, queued dialer records, lists,
   * dispositions (and the simulator's own request log and faults). Extensions
   * hear `platform-restarted` to lose their part (SIP connections, bindings, media).
   */
  restart(restart: PlatformRestart): void {
    this.tokens = new TokenStore();
    for (const agent of this.agents.all()) {
      agent.loggedIn = false;
      delete agent.loggedInAt;
    }
    const endedAt = new Date().toISOString();
    for (const call of this.calls.all()) {
      if (call.status !== 'ended') this.calls.update(call.guid, { status: 'ended', endedAt, endedBy: 'failed', cause: PLATFORM_RESTARTED_CAUSE });
    }
    this.emit('platform-restarted', restart);
  }

  campaign(name: string): Campaign | undefined {
    return this.campaigns.find((c) => c.name === name);
  }

  membersOf(campaign: string): QueueMember[] {
    return this.queueMembers.ofCampaign(campaign);
  }

  logIn(agent: AgentEntry): void {
    agent.loggedIn = true;
    agent.loggedInAt = new Date().toISOString();
    this.emit('agent-logged-in', agent);
  }

  logOut(agent: AgentEntry, record: Omit<LogoutRecord, 'at'>): void {
    agent.loggedIn = false;
    delete agent.loggedInAt;
    this.logouts.push({ ...record, at: new Date().toISOString() });
    this.emit('agent-logged-out', agent);
  }

  addCall(call: CallRecord): CallRecord {
    return this.calls.add(call);
  }

  updateCall(guid: string, patch: CallPatch): CallRecord | undefined {
    return this.calls.update(guid, patch);
  }

  activeCallOfPhone(phone: string): CallRecord | undefined {
    return this.calls.activeOfPhone(phone);
  }

  /** The oldest due dialer task of `campaign` that `accept` takes, removed from the queue. */
  takeDueDialerTask(campaign: string, now = new Date(), accept?: (task: DialerTask) => boolean): DialerTask | undefined {
    return this.dialerQueue.takeDue(campaign, now, accept);
  }

  addList(list: Omit<UploadedList, 'id'>): UploadedList {
    const entry = { ...list, id: this.#nextListId++ };
    this.lists.push(entry);
    return entry;
  }

  logRequest(entry: RequestLogEntry): void {
    this.requests.push(entry);
    if (this.requests.length > requestLogLimit) this.requests.splice(0, this.requests.length - requestLogLimit);
  }

  /** What `GET /__sim/state` shows. */
  snapshot(): Record<string, unknown> {
    return {
      sessions: this.tokens.all(),
      agents: this.agents.all(),
      campaigns: this.campaigns,
      dialers: this.dialers,
      queueMembers: this.queueMembers.all(),
      calls: this.calls.all(),
      dialerTasks: this.dialerQueue.all(),
      lists: this.lists,
      dispositions: [...this.dispositions.values()],
      logouts: this.logouts,
      requests: this.requests,
      faults: this.faults.pending(),
      transfers: this.transfers,
    };
  }
}
