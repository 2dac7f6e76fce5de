// A REGISTER refused with something other than 401/403: retried after the
// registrar's Retry-After (never sooner, spread up to max(2 s, half of it)
// beyond), or after a growing random wait without one; never twice at once.
import type { Core } from 'sip.js';
import { describe, expect, it, vi } from 'vitest';
import { parseRetryAfter, refusedRetryDelay, RETRY_AFTER_CAP_S } from '../../renderer/src/phone/connection/refused-retry';
import { FakeSipServer } from './support/fake-sip-server';
import { FakeTimers } from './support/fake-timers';
import { phoneKit } from './support/phone-kit';

const { makePhone } = phoneKit();

describe('refusedRetryDelay', () => {
  it('reads the delta-seconds of Retry-After, with a comment or parameters, and nothing else', () => {
    expect(parseRetryAfter('5')).toBe(5);
    expect(parseRetryAfter(' 120 (overloaded);duration=60')).toBe(120);
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-3')).toBeUndefined();
  });

  it('never retries before Retry-After, and spreads over max(2 s, half of it) beyond; a huge one is capped at 5 min', () => {
    expect(refusedRetryDelay('4', 1, () => 0)).toBe(4_000);
    expect(refusedRetryDelay('4', 1, () => 1)).toBe(6_000);
    expect(refusedRetryDelay('20', 3, () => 1)).toBe(30_000);
    expect(refusedRetryDelay('0', 1, () => 0.5)).toBe(1_000);
    expect(refusedRetryDelay('86400', 1, () => 0)).toBe(RETRY_AFTER_CAP_S * 1_000);
  });

  it('without Retry-After: random, and growing with each refusal in a row (5, 10, 20 … 60 s ceilings, lower half drawn)', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => refusedRetryDelay(undefined, n, () => 0))).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);
    expect(refusedRetryDelay(undefined, 1, () => 0.999)).toBe(2_502);
    const draws = new Set(Array.from({ length: 50 }, () => refusedRetryDelay(undefined, 1)));
    expect(draws.size).toBeGreaterThan(40); // every retry randomised
  });
});

describe('a phone whose REGISTER is refused', () => {
  it('503 with Retry-After: 4 waits 4 s (random 0) before asking again, then registers', async () => {
    const server = new FakeSipServer();
    server.registerAnswer = { status: 503, reason: 'Service Unavailable', headers: 'Retry-After: 4\r\n' };
    const timers = new FakeTimers();
    const phone = makePhone(server, undefined, { timers, random: () => 0 });
    await phone.start();
    await vi.waitFor(() => expect(phone.registration.kind).toBe('failed'));
    const registers = (): number => server.received.filter((m) => m.method === 'REGISTER').length;
    expect(registers()).toBe(1);
    expect(timers.delays).toContain(4_000);
    server.registerAnswer = { status: 200, reason: 'OK' };
    timers.advance(3_999);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(registers()).toBe(1);
    timers.advance(1);
    await vi.waitFor(() => expect(phone.registration.kind).toBe('registered'));
    expect(registers()).toBe(2);
  });

  it('503 without Retry-After backs off: 5 s then 10 s ceilings (random 0), one REGISTER per retry', async () => {
    const server = new FakeSipServer();
    server.registerAnswer = { status: 503, reason: 'Service Unavailable' };
    const timers = new FakeTimers();
    const phone = makePhone(server, undefined, { timers, random: () => 0 });
    await phone.start();
    const registers = (): number => server.received.filter((m) => m.method === 'REGISTER').length;
    await vi.waitFor(() => expect(registers()).toBe(1));
    timers.advance(5_000);
    await vi.waitFor(() => expect(registers()).toBe(2));
    timers.advance(9_999);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(registers()).toBe(2);
    timers.advance(1);
    await vi.waitFor(() => expect(registers()).toBe(3));
  });

  it('a 200 that comes late, after a later REGISTER was refused, is believed: registered, not an illegal "failed → registered" thrown inside sip.js (seen with 2,000 phones on Kamailio)', async () => {
    const server = new FakeSipServer();
    server.answerRegister = false; // the first REGISTER waits for its answer
    const timers = new FakeTimers();
    const phone = makePhone(server, undefined, { timers, random: () => 0 });
    await phone.start();
    const registers = (): Core.IncomingRequestMessage[] => server.received.filter((m) => m.method === 'REGISTER');
    await vi.waitFor(() => expect(registers()).toHaveLength(1));
    // The network changed: a second REGISTER (the first is still pending), which the registrar refuses.
    server.answerRegister = true;
    server.registerAnswer = { status: 503, reason: 'Service Unavailable', headers: 'Retry-After: 30\r\n' };
    phone.networkChanged();
    await vi.waitFor(() => expect(phone.registration.kind).toBe('failed'));
    expect(registers()).toHaveLength(2);
    // Then the first one's 200 arrives: the registrar holds a binding.
    const first = registers()[0]!;
    server.reply(first, 200, 'OK', `Contact: ${first.getHeader('contact') ?? ''};expires=300\r\n`);
    await vi.waitFor(() => expect(phone.registration.kind).toBe('registered'));
    expect(phone.connection).toBe('registered');
  });
});

