import { describe, expect, it } from 'vitest';
import { AgentStore } from '../../../simulator/state/agent-store';
import { QueueMemberStore } from '../../../simulator/state/queue-member-store';
import type { AgentEntry, QueueMember } from '../../../simulator/state/records';

const member = (membername: string, queueName: string, penalty = 0): QueueMember => ({
  membername, queueName, interface1: `SIP/${membername}`, penalty, paused: 0, addedAt: '2026-11-21T00:00:00.000Z',
});

const agent = (id: number, name: string, accountcode: string): AgentEntry => ({
  id, name, accountcode, password: 'x', md5secret: 'y', fullname: accountcode, email: '', did: '', limite: 0, loggedIn: false, origin: 'seed',
});

describe('QueueMemberStore', () => {
  it('adds each (agent, campaign) once, the first of duplicates winning, and returns only what it added', () => {
    const store = new QueueMemberStore();
    expect(store.add([member('ana', 'Ventas->'), member('ana', 'Ventas->', 9), member('bruno', 'Ventas->')])).toEqual([member('ana', 'Ventas->'), member('bruno', 'Ventas->')]);
    expect(store.add([member('ana', 'Ventas->', 5), member('ana', 'Soporte<-')])).toEqual([member('ana', 'Soporte<-')]);
    expect(store.all().map((m) => `${m.membername}@${m.queueName}:${m.penalty}`)).toEqual(['ana@Ventas->:0', 'bruno@Ventas->:0', 'ana@Soporte<-:0']);
    expect(store.ofCampaign('Ventas->').map((m) => m.membername)).toEqual(['ana', 'bruno']);
    expect(store.ofCampaign('Nadie->')).toEqual([]);
  });

  it('is empty after clear, and takes the same members again', () => {
    const store = new QueueMemberStore();
    store.add([member('ana', 'Ventas->')]);
    store.clear();
    expect(store.all()).toEqual([]);
    expect(store.add([member('ana', 'Ventas->')])).toHaveLength(1);
  });
});

describe('AgentStore ids', () => {
  it('gives ids above every id seen and above 100, also after clear', () => {
    const store = new AgentStore();
    expect(store.nextId()).toBe(101);
    store.add(agent(250, '1001', 'ana'));
    store.add(agent(120, '1002', 'bruno'));
    expect(store.nextId()).toBe(251);
    store.clear();
    expect(store.nextId()).toBe(101);
  });
});
