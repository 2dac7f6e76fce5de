// A customer's call to the app, and what each end hears: the steps the media
// tests share. The page's microphone plays one tone (Chromium's fake capture
// of a WAV file) and the customer another, so each end can tell the other's
// signal from silence or noise; with two agents, each Chromium sings its own.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pageLevel, panelState, until as untilFound } from '../../e2e/calls-kit';
import { until } from '../../support/poll-until';
import type { BaresipCustomer } from './baresip-customer';
import { muLawAudio, type RtpPacket } from './rtp-capture';
import { rms, toneShare, toneWav } from './wav';

export const PAGE_TONE_HZ = 1_000;
export const CUSTOMER_TONE_HZ = 440;
export const CUSTOMER_NUMBER = '59899123456';

/**
 * What a page's fake microphone sings. A steady tone is fine for a few
 * seconds; Chromium's noise suppression removes it after ~3 s, so a test that
 * listens longer gives it vibrato (±vibratoHz, four times a second), which
 * passes (webrtc-notes.md).
 */
export interface Voice {
  /** Its WAV file's name. */
  name: string;
  frequency: number;
  vibratoHz: number;
}

export const PAGE_VOICE: Voice = { name: 'page-tone', frequency: PAGE_TONE_HZ, vibratoHz: 0 };

/** Writes the voice's WAV file into `dir`; the Chromium flag that makes its microphone play it (looped). */
export function fakeMicrophoneFlag(dir: string, voice: Voice): string {
  const file = join(dir, `${voice.name}.wav`);
  writeFileSync(file, toneWav({ frequency: voice.frequency, seconds: 30, sampleRate: 48_000, amplitude: 0.3, vibratoHz: voice.vibratoHz }));
  return `--use-file-for-fake-audio-capture=${file}`;
}

/** The page's steady tone (PAGE_VOICE). */
export const pageToneFlag = (dir: string): string => fakeMicrophoneFlag(dir, PAGE_VOICE);

/** Share of the voice in the samples (0–1); a wandering pitch counts over its whole band, with 40 Hz to spare. */
export function voiceShare(samples: Float32Array, sampleRate: number, voice: Voice): number {
  return toneShare(samples, sampleRate, voice.frequency, voice.vibratoHz > 0 ? voice.vibratoHz + 40 : 0);
}

/** The voice's own level in the samples (RMS of its band), whatever else they hold. */
export function voiceLevel(samples: Float32Array, sampleRate: number, voice: Voice): number {
  return rms(samples) * Math.sqrt(voiceShare(samples, sampleRate, voice));
}

export interface Heard {
  level: number;
  /** Share of the page's voice in it (0–1). */
  pageTone: number;
  samples: number;
}

/** What baresip heard after sample `from` (8 kHz), and how much of it is `voice`. */
export function heardSince(customer: BaresipCustomer, from: number, voice: Voice = PAGE_VOICE): Heard {
  const heard = customer.heard();
  if (!heard) return { level: 0, pageTone: 0, samples: 0 };
  const part = heard.samples.subarray(from);
  return { level: rms(part), pageTone: voiceShare(part, heard.sampleRate, voice), samples: heard.samples.length };
}

export const heardCount = (customer: BaresipCustomer): number => customer.heard()?.samples.length ?? 0;

/** The customer dials `uri` (the agent's extension on the trunk); resolves once the app rings. */
export async function customerCalls(page: Page, customer: BaresipCustomer, uri: string): Promise<void> {
  await customer.dial(uri);
  await panelState(page, 'ringing').waitFor({ timeout: 15_000 });
}

/** Answers in the UI; resolves once the page hears the customer and baresip hears the page's voice (returned). */
export async function answerAndHearBothWays(page: Page, customer: BaresipCustomer, voice: Voice = PAGE_VOICE): Promise<Heard> {
  const established = customer.events().filter((e) => e.type === 'CALL_ESTABLISHED').length;
  await page.getByTestId('answer').click();
  await panelState(page, 'active').waitFor({ timeout: 15_000 });
  await until('baresip says the call is established', async () => customer.events(), (e) => e.filter((x) => x.type === 'CALL_ESTABLISHED').length > established);
  await untilFound(async () => ((await pageLevel(page)) > 0.01 ? true : null), 'the page hears the customer');
  const from = heardCount(customer);
  const heard = await until('baresip hears the page\'s tone', async () => heardSince(customer, from, voice), (h) => h.samples - from >= 8_000 && h.level > 0.01, { timeoutMs: 15_000 });
  expect(heard.pageTone).toBeGreaterThan(0.8);
  return heard;
}

export interface RecordedSides {
  /** Whether a recorded packet is the page's audio (toward the customer) … */
  fromPage(packet: RtpPacket): boolean;
  /** … or the customer's (toward the page). */
  fromCustomer(packet: RtpPacket): boolean;
}

/**
 * Tells the two sides apart in rtpengine's recording. The customer always
 * sends its tone (nothing at all while it is held), so a µ-law flow carrying
 * it is the customer's; every other µ-law flow is the page's, which may be
 * silence (on hold) and may change address mid-call (ICE picks another pair).
 */
export function recordedSides(packets: RtpPacket[]): RecordedSides {
  const key = (p: RtpPacket) => `${p.src}>${p.dst}`;
  const flows = new Set(packets.filter((p) => p.payloadType === 0).map(key));
  const customer = new Set([...flows].filter((flow) => toneShare(muLawAudio(packets, (p) => key(p) === flow), 8_000, CUSTOMER_TONE_HZ) > 0.5));
  if (customer.size === 0) throw new Error('rtpengine recorded no audio from the customer');
  return {
    fromPage: (p) => p.payloadType === 0 && !customer.has(key(p)),
    fromCustomer: (p) => p.payloadType === 0 && customer.has(key(p)),
  };
}
