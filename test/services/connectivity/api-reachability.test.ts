// While the API is believed offline and an instance is known, main probes it
// every 0.5–1 s (fake clock here) and reports the first answer as online; it
// stops when online by other evidence, on sign-out and on close.
import { describe, expect, it } from 'vitest';
import { createConnectivity, startApiReachability, type ApiProbeTarget } from '../../../main/services/connectivity';
import { FakeClock } from './fake-clock';

/** A target whose answers the test decides; records when each probe started. */
function fakeTarget(clock: FakeClock) {
  const starts: number[] = [];
  const signals: AbortSignal[] = [];
  let answer: (reachable: boolean) => void = () => undefined;
  const target: ApiProbeTarget = {
    probe: ({ signal, timeoutMs }) => {
      expect(timeoutMs).toBeLessThanOrEqual(2_000);
      starts.push(clock.now());
      signals.push(signal);
      return new Promise((resolve) => (answer = (reachable) => resolve({ reachable })));
    },
  };
  return { target, starts, signals, answer: (reachable: boolean) => answer(reachable) };
}

function setup(random = () => 0.5) {
  const clock = new FakeClock();
  const connectivity = createConnectivity({ now: () => clock.now() });
  const fake = fakeTarget(clock);
  let signedIn = true;
  let sessionListener: () => void = () => undefined;
  const reach = startApiReachability({
    connectivity, clock, random,
    target: () => (signedIn ? fake.target : null),
    onTargetChange: (l) => ((sessionListener = l), () => (sessionListener = () => undefined)),
  });
  const signIn = (value: boolean) => {
    signedIn = value;
    sessionListener();
  };
  return { clock, connectivity, fake, reach, signIn };
}

/** Lets the probe's answer run through its promise chain (no time passes on the fake clock). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('API reachability probe', () => {
  it('does nothing while online', () => {
    const { clock, fake, reach } = setup();
    clock.advance(10_000);
    expect(fake.starts).toEqual([]);
    expect(reach.probing()).toBe(false);
    reach.close();
  });

  it('offline: probes on a jittered 0.5–1 s schedule, one at a time, until an answer, then says online', async () => {
    const { clock, connectivity, fake, reach } = setup(() => 0.5);
    const changes: string[] = [];
    connectivity.onChange((c) => changes.push(`${c.state}:${c.reason}`));
    connectivity.reportNetworkFailure();
    clock.advance(749);
    expect(fake.starts).toEqual([]);
    clock.advance(1);
    expect(fake.starts).toEqual([750]);
    clock.advance(5_000); // the probe hangs: no second one meanwhile
    expect(fake.starts).toEqual([750]);
    fake.answer(false); // it ends (refused / timed out) 5 s later: the next one is due at once
    await settle();
    clock.advance(0);
    expect(fake.starts).toEqual([750, 5_750]);
    fake.answer(false);
    await settle();
    clock.advance(750);
    expect(fake.starts).toEqual([750, 5_750, 6_500]);
    fake.answer(true); // the platform answers (any HTTP status)
    await settle();
    expect(connectivity.state).toBe('online');
    expect(changes).toEqual(['offline:request-failed', 'online:request-succeeded']);
    expect(reach.probing()).toBe(false);
    clock.advance(10_000);
    expect(fake.starts).toHaveLength(3);
    reach.close();
  });

  it('the interval spreads between 0.5 and 1 s with the random source', async () => {
    for (const [random, due] of [[0, 500], [0.999, 1_000]] as const) {
      const { clock, connectivity, fake, reach } = setup(() => random);
      connectivity.reportNetworkFailure();
      clock.advance(due - 1);
      expect(fake.starts).toEqual([]);
      clock.advance(1);
      expect(fake.starts).toHaveLength(1);
      reach.close();
    }
  });

  it('stops (aborting the probe) when other evidence says online, and starts again when offline again', async () => {
    const { clock, connectivity, fake, reach } = setup();
    connectivity.reportNetworkFailure();
    clock.advance(750);
    expect(fake.starts).toHaveLength(1);
    connectivity.reportSuccess(); // the outbox got through first
    expect(fake.signals[0]!.aborted).toBe(true);
    expect(reach.probing()).toBe(false);
    connectivity.reportNetworkFailure();
    clock.advance(750);
    expect(fake.starts).toHaveLength(2);
    reach.close();
    expect(fake.signals[1]!.aborted).toBe(true);
    clock.advance(10_000);
    expect(fake.starts).toHaveLength(2);
    expect(clock.pending).toBe(0);
  });

  it('probes only while an instance is known: stops on sign-out, starts on sign-in while offline', () => {
    const { clock, connectivity, fake, reach, signIn } = setup();
    signIn(false);
    connectivity.reportNetworkFailure();
    clock.advance(10_000);
    expect(fake.starts).toEqual([]);
    signIn(true);
    clock.advance(750);
    expect(fake.starts).toHaveLength(1);
    signIn(false);
    expect(fake.signals[0]!.aborted).toBe(true);
    clock.advance(10_000);
    expect(fake.starts).toHaveLength(1);
    reach.close();
  });
});
