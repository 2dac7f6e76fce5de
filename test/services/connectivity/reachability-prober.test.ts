// The SIP reachability prober on a fake clock with a scripted connect: the
// first probe at once, then one every 250–500 ms (from the previous start),
// one at a time; an answer as soon as one connects, `reachable: false` at the
// time-out; waits on the same server share one loop.
import { describe, expect, it } from 'vitest';
import { createReachabilityProber, sipProbeTarget, type ConnectProbe, type ProbeTarget } from '../../../main/services/connectivity';
import { FakeClock } from './fake-clock';

const pbx: ProbeTarget = { host: 'pbx.example', port: 8089 };
/** Lets a probe's outcome run through its promise chain (no time passes on the fake clock). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A connect whose outcomes the test decides, one pending at a time. */
function scriptedConnect(clock: FakeClock) {
  const starts: number[] = [];
  const signals: AbortSignal[] = [];
  let pending: ((connected: boolean) => void) | null = null;
  const connect: ConnectProbe = (target, { signal, timeoutMs }) => {
    expect(target).toEqual(pbx);
    expect(timeoutMs).toBeLessThanOrEqual(1_000);
    expect(pending).toBeNull(); // one probe at a time
    starts.push(clock.now());
    signals.push(signal);
    return new Promise((resolve) => {
      pending = (connected) => ((pending = null), resolve(connected));
      signal.addEventListener('abort', () => pending?.(false), { once: true }); // as tcpConnect does
    });
  };
  const answer = async (connected: boolean) => {
    pending?.(connected);
    await settle();
  };
  return { connect, starts, signals, answer };
}

describe('reachability prober', () => {
  it('probes at once, then every 250–500 ms from the previous start, and answers at the first connect', async () => {
    const clock = new FakeClock();
    const script = scriptedConnect(clock);
    const prober = createReachabilityProber({ connect: script.connect, clock, random: () => 0.5 });
    const result = prober.wait(pbx, { timeoutMs: 10_000 });
    expect(script.starts).toEqual([0]);
    clock.advance(100);
    await script.answer(false); // refused after 100 ms: the next one 375 ms after the first started
    clock.advance(274);
    expect(script.starts).toEqual([0]);
    clock.advance(1);
    expect(script.starts).toEqual([0, 375]);
    clock.advance(600); // this one hangs past its interval: the next waits for it
    await script.answer(false);
    clock.advance(0);
    expect(script.starts).toEqual([0, 375, 975]);
    await script.answer(true);
    expect(await result).toEqual({ reachable: true, probes: 3 });
    clock.advance(10_000);
    expect(script.starts).toHaveLength(3);
    expect(clock.pending).toBe(0);
  });

  it('answers reachable: false at the time-out with the probes made, and stops probing', async () => {
    const clock = new FakeClock();
    const script = scriptedConnect(clock);
    const prober = createReachabilityProber({ connect: script.connect, clock, random: () => 0 });
    const result = prober.wait(pbx, { timeoutMs: 1_000 });
    for (let t = 0; t < 750; t += 250) {
      await script.answer(false);
      clock.advance(250);
    }
    clock.advance(250); // the fourth probe (started at 750) is still under way at the time-out
    expect(await result).toEqual({ reachable: false, probes: 3 });
    expect(script.signals.at(-1)!.aborted).toBe(true); // ...and it was cut
    clock.advance(10_000);
    expect(script.starts).toEqual([0, 250, 500, 750]);
    expect(clock.pending).toBe(0);
  });

  it('the jitter keeps the interval between 250 and 500 ms', async () => {
    for (const [random, next] of [[0, 250], [0.999, 500]] as const) {
      const clock = new FakeClock();
      const script = scriptedConnect(clock);
      const prober = createReachabilityProber({ connect: script.connect, clock, random: () => random });
      void prober.wait(pbx, { timeoutMs: 5_000 });
      await script.answer(false);
      clock.advance(next - 1);
      expect(script.starts).toHaveLength(1);
      clock.advance(1);
      expect(script.starts).toEqual([0, next]);
      prober.close();
    }
  });

  it('waits for the same server share one loop; each keeps its own time-out and count', async () => {
    const clock = new FakeClock();
    const script = scriptedConnect(clock);
    const prober = createReachabilityProber({ connect: script.connect, clock, random: () => 0 });
    const first = prober.wait(pbx, { timeoutMs: 600 });
    await script.answer(false);
    clock.advance(250);
    const second = prober.wait(pbx, { timeoutMs: 5_000 });
    expect(script.starts).toEqual([0, 250]); // no extra probe for the second wait
    await script.answer(false);
    clock.advance(250);
    await script.answer(false);
    clock.advance(100);
    expect(await first).toEqual({ reachable: false, probes: 3 });
    clock.advance(150);
    await script.answer(true);
    expect(await second).toEqual({ reachable: true, probes: 3 });
  });

  it('an aborted wait rejects with the abort reason; close ends the others with reachable: false', async () => {
    const clock = new FakeClock();
    const script = scriptedConnect(clock);
    const prober = createReachabilityProber({ connect: script.connect, clock });
    const controller = new AbortController();
    const aborted = prober.wait(pbx, { timeoutMs: 5_000, signal: controller.signal });
    controller.abort(new Error('signed out'));
    await expect(aborted).rejects.toThrow('signed out');
    expect(script.signals[0]!.aborted).toBe(true);
    await expect(prober.wait(pbx, { timeoutMs: 5_000, signal: controller.signal })).rejects.toThrow('signed out');
    const open = prober.wait(pbx, { timeoutMs: 5_000 });
    prober.close();
    expect(await open).toEqual({ reachable: false, probes: 0 });
    expect(clock.pending).toBe(0);
  });
});

describe('sipProbeTarget', () => {
  it.each([
    ['wss://pbx.example:8089/ws', { host: 'pbx.example', port: 8089 }],
    ['wss://pbx.example/ws', { host: 'pbx.example', port: 443 }],
    ['ws://127.0.0.1/ws', { host: '127.0.0.1', port: 80 }],
    ['ws://[::1]:5066/ws', { host: '::1', port: 5066 }],
    ['https://pbx.example/ws', null],
    ['not a url', null],
  ])('%s → %o', (url, target) => {
    expect(sipProbeTarget(url)).toEqual(target);
  });
});
