// The three-way call's mixer in headless Chromium (the simulator cannot offer one phone two calls
// at once, so no phone-to-simulator conference yet): two local RTCPeerConnection pairs stand for the
// two calls, each party sending its own tone and the agent a third. Each party must hear the agent
// and the other party, the agent both; a muted party reaches nobody; the agent's mute and a new
// microphone work mid-conference; at the end the mixer's tracks and AudioContext are gone. The delay
// the mixer adds is printed for the benchmarks (no threshold here).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPageInChromium, type PageInChromium } from '../support/chromium-page';

type Bands = Record<'agent' | 'partyA' | 'partyB' | 'agentSecondMic' | 'quiet', number>;
interface Report {
  before: { partyAHears: Bands; partyBHears: Bands };
  mixing: { partyAHears: Bands; partyBHears: Bands; agentHearsA: Bands; agentHearsB: Bands };
  partyBMuted: { partyAHears: Bands };
  agentMutedToA: { partyAHears: Bands; partyBHears: Bands };
  secondMic: { partyAHears: Bands; partyBHears: Bands };
  ended: { mixTracks: string[]; mixerContexts: string[]; microphone: string; partyAHears: Bands };
  delaysMs: number[];
}

/**
 * A voice is heard when its band is within 12 dB of the loudest band of the same moment, absent when
 * it is more than 25 dB below it (heard voices measure about -22 dB here, codec residue -55 dB or less).
 */
const loudest = (bands: Bands): number => Math.max(...Object.values(bands));
const heard = (bands: Bands, voice: keyof Bands): boolean => bands[voice] >= loudest(bands) - 12;
const absent = (bands: Bands, voice: keyof Bands): boolean => bands[voice] < loudest(bands) - 25;

let browser: PageInChromium;
let report: Report;

beforeAll(async () => {
  browser = await openPageInChromium(join(import.meta.dirname, 'browser/conference-page-entry.ts'), 'conferencePage');
  report = (await browser.page.evaluate(() => window.conferencePage.run())) as Report;
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('conference mixer in Chromium', () => {
  it('before mixing each party hears only the agent', () => {
    const { partyAHears, partyBHears } = report.before;
    expect([heard(partyAHears, 'agent'), absent(partyAHears, 'partyB')]).toEqual([true, true]);
    expect([heard(partyBHears, 'agent'), absent(partyBHears, 'partyA')]).toEqual([true, true]);
  });

  it('mixing: each party hears the agent and the other party, the agent hears both', () => {
    const { partyAHears, partyBHears, agentHearsA, agentHearsB } = report.mixing;
    expect({ agent: heard(partyAHears, 'agent'), other: heard(partyAHears, 'partyB'), self: absent(partyAHears, 'partyA') }).toEqual({ agent: true, other: true, self: true });
    expect({ agent: heard(partyBHears, 'agent'), other: heard(partyBHears, 'partyA'), self: absent(partyBHears, 'partyB') }).toEqual({ agent: true, other: true, self: true });
    expect([heard(agentHearsA, 'partyA'), heard(agentHearsB, 'partyB')]).toEqual([true, true]);
  });

  it('a muted party is not passed on; the agent muted toward one party is not heard there but still by the other', () => {
    expect([heard(report.partyBMuted.partyAHears, 'agent'), absent(report.partyBMuted.partyAHears, 'partyB')]).toEqual([true, true]);
    const { partyAHears, partyBHears } = report.agentMutedToA;
    expect([absent(partyAHears, 'agent'), heard(partyAHears, 'partyB')]).toEqual([true, true]);
    expect(heard(partyBHears, 'agent')).toBe(true);
  });

  it('follows a microphone switched mid-conference, for both parties', () => {
    const { partyAHears, partyBHears } = report.secondMic;
    expect([heard(partyAHears, 'agentSecondMic'), absent(partyAHears, 'agent')]).toEqual([true, true]);
    expect([heard(partyBHears, 'agentSecondMic'), heard(partyBHears, 'partyA')]).toEqual([true, true]);
  });

  it('at the end: the plain microphone again, and no mixer track or AudioContext left', () => {
    const { mixTracks, mixerContexts, microphone, partyAHears } = report.ended;
    expect(mixTracks).toEqual(['ended', 'ended']);
    expect(mixerContexts).toEqual(['closed']);
    expect(microphone).toBe('live'); // the call's own microphone is the call's to stop
    expect([heard(partyAHears, 'agent'), absent(partyAHears, 'partyB')]).toEqual([true, true]);
  });

  it('measures the delay the mixer adds', () => {
    const delays = report.delaysMs.filter((d) => Number.isFinite(d)).sort((x, y) => x - y);
    expect(delays.length).toBeGreaterThan(report.delaysMs.length / 2);
    const median = delays[Math.floor(delays.length / 2)]!;
    console.log(`conference mixer: added delay median ${median.toFixed(2)} ms, min ${delays[0]!.toFixed(2)} ms, max ${delays.at(-1)!.toFixed(2)} ms over ${delays.length} clicks (one render quantum = 2.67 ms at 48 kHz)`);
  });
});
