// The three-way call's mixers in headless Chromium: two local RTCPeerConnection pairs stand for the
// two calls, each party sending its own tone and the agent a third (bench/conference.ts drives the
// app's phones in a real three-way call). Each party must hear the agent and the other party, the
// agent both; a muted party reaches nobody; the agent's mute and a new microphone work
// mid-conference; at the end the mixer's tracks (and the Web Audio mixer's AudioContext) are gone.
// Both mixers go through every case; the frame mixer whose worker cannot start must still mix, on the
// page; default-mixer.ts picks the frame mixer, or Web Audio where the Breakout Box is missing. The
// delay each adds is printed (no threshold here: bench/conference.ts measures it).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPageInChromium, type PageInChromium } from '../support/chromium-page';
import type { MixerKind } from './browser/conference-page-entry';

type Bands = Record<'agent' | 'partyA' | 'partyB' | 'agentSecondMic' | 'quiet', number>;
interface Report {
  before: { partyAHears: Bands; partyBHears: Bands };
  mixing: { partyAHears: Bands; partyBHears: Bands; agentHearsA: Bands; agentHearsB: Bands };
  /** Where a frame mixer said it mixes ('worker' | 'page'); 'not said' for the Web Audio one. */
  where: string;
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
const reports = new Map<MixerKind, Report>();
type Short = Pick<Report, 'mixing' | 'where'> & { mixerContexts: number; reopened: number[] };
let fallback: Short;
const defaults = new Map<MixerKind, Short>();

beforeAll(async () => {
  browser = await openPageInChromium(join(import.meta.dirname, 'browser/conference-page-entry.ts'), 'conferencePage');
  for (const kind of ['web-audio', 'frames'] as const) reports.set(kind, (await browser.page.evaluate((k) => window.conferencePage.run(k), kind)) as Report);
  fallback = (await browser.page.evaluate(() => window.conferencePage.run('frames-on-page', false))) as Short;
  for (const kind of ['default', 'default-without-box', 'frames-stalling'] as const) defaults.set(kind, (await browser.page.evaluate((k) => window.conferencePage.run(k, false), kind)) as Short);
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

function expectMixing({ partyAHears, partyBHears, agentHearsA, agentHearsB }: Report['mixing']): void {
  expect({ agent: heard(partyAHears, 'agent'), other: heard(partyAHears, 'partyB'), self: absent(partyAHears, 'partyA') }).toEqual({ agent: true, other: true, self: true });
  expect({ agent: heard(partyBHears, 'agent'), other: heard(partyBHears, 'partyA'), self: absent(partyBHears, 'partyB') }).toEqual({ agent: true, other: true, self: true });
  expect([heard(agentHearsA, 'partyA'), heard(agentHearsB, 'partyB')]).toEqual([true, true]);
}

describe.each([
  ['web-audio', ['closed'], 'not said'],
  ['frames', [], 'worker'],
] as const)('conference mixer in Chromium: %s', (kind, contextsLeft, where) => {
  const report = (): Report => {
    const found = reports.get(kind);
    if (!found) throw new Error(`no report for ${kind}`);
    return found;
  };

  it('before mixing each party hears only the agent', () => {
    const { partyAHears, partyBHears } = report().before;
    expect([heard(partyAHears, 'agent'), absent(partyAHears, 'partyB')]).toEqual([true, true]);
    expect([heard(partyBHears, 'agent'), absent(partyBHears, 'partyA')]).toEqual([true, true]);
  });

  it('mixing: each party hears the agent and the other party, the agent hears both', () => {
    expectMixing(report().mixing);
    expect(report().where).toBe(where);
  });

  it('a muted party is not passed on; the agent muted toward one party is not heard there but still by the other', () => {
    const { partyBMuted, agentMutedToA } = report();
    expect([heard(partyBMuted.partyAHears, 'agent'), absent(partyBMuted.partyAHears, 'partyB')]).toEqual([true, true]);
    expect([absent(agentMutedToA.partyAHears, 'agent'), heard(agentMutedToA.partyAHears, 'partyB')]).toEqual([true, true]);
    expect(heard(agentMutedToA.partyBHears, 'agent')).toBe(true);
  });

  it('follows a microphone switched mid-conference, for both parties', () => {
    const { partyAHears, partyBHears } = report().secondMic;
    expect([heard(partyAHears, 'agentSecondMic'), absent(partyAHears, 'agent')]).toEqual([true, true]);
    expect([heard(partyBHears, 'agentSecondMic'), heard(partyBHears, 'partyA')]).toEqual([true, true]);
  });

  it('at the end: the plain microphone again, and no mixer track or AudioContext left', () => {
    const { mixTracks, mixerContexts, microphone, partyAHears } = report().ended;
    expect(mixTracks).toEqual(['ended', 'ended']);
    expect(mixerContexts).toEqual(contextsLeft);
    expect(microphone).toBe('live'); // the call's own microphone is the call's to stop
    expect([heard(partyAHears, 'agent'), absent(partyAHears, 'partyB')]).toEqual([true, true]);
  });

  it('measures the delay the mixer adds', () => {
    const delays = report().delaysMs.filter((d) => Number.isFinite(d)).sort((x, y) => x - y);
    expect(delays.length).toBeGreaterThan(report().delaysMs.length / 2);
    const median = delays[Math.floor(delays.length / 2)]!;
    console.log(`conference mixer (${kind}): added delay median ${median.toFixed(2)} ms, min ${delays[0]!.toFixed(2)} ms, max ${delays.at(-1)!.toFixed(2)} ms over ${delays.length} clicks (through a recording AudioContext, whose own input queues can add or hide part of a 10 ms frame; bench/conference.ts times the frames' arrival)`);
  });
});

describe('conference mixer in Chromium: frames, its worker unable to start', () => {
  it('mixes on the page instead: each party hears the agent and the other party', () => {
    expect(fallback.where).toBe('page');
    expectMixing(fallback.mixing);
  });
});

describe('conference mixer in Chromium: frames, a party whose input stalls', () => {
  it('opens that input again, once, and each party then hears the agent and the other party', () => {
    const found = defaults.get('frames-stalling');
    expect([found?.where, found?.reopened]).toEqual(['worker', [1]]);
    if (found) expectMixing(found.mixing);
  });
});

describe("conference mixer in Chromium: default-mixer.ts (not yet the phone's default: docs/ASSUMPTIONS.md)", () => {
  it('is the frame mixer, in its worker, where the Breakout Box is (bench/conference: Web Audio adds more than a 20 ms packet)', () => {
    const found = defaults.get('default');
    expect([found?.where, found?.mixerContexts]).toEqual(['worker', 0]);
    if (found) expectMixing(found.mixing);
  });

  it('is Web Audio (an AudioContext of its own) where the Breakout Box is missing', () => {
    const found = defaults.get('default-without-box');
    expect([found?.where, found?.mixerContexts]).toEqual(['not said', 1]);
    if (found) expectMixing(found.mixing);
  });
});
