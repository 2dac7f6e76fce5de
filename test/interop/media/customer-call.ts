// A customer's call to the app, and what each end hears: the steps the media
// tests share. The page's microphone plays one tone (Chromium's fake capture
// of a WAV file) and the customer another, so each end can tell the other's
// signal from silence or noise.
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

/** Writes the page's microphone tone; the Chromium flag that plays it. */
export function pageToneFlag(dir: string): string {
  const file = join(dir, 'page-tone.wav');
  writeFileSync(file, toneWav({ frequency: PAGE_TONE_HZ, seconds: 10, sampleRate: 48_000, amplitude: 0.3 }));
  return `--use-file-for-fake-audio-capture=${file}`;
}

export interface Heard {
  level: number;
  /** Share of the page's tone in it (0–1). */
  pageTone: number;
  samples: number;
}

/** What baresip heard after sample `from` (8 kHz). */
export function heardSince(customer: BaresipCustomer, from: number): Heard {
  const heard = customer.heard();
  if (!heard) return { level: 0, pageTone: 0, samples: 0 };
  const part = heard.samples.subarray(from);
  return { level: rms(part), pageTone: toneShare(part, heard.sampleRate, PAGE_TONE_HZ), samples: heard.samples.length };
}

export const heardCount = (customer: BaresipCustomer): number => customer.heard()?.samples.length ?? 0;

/** The customer dials `uri` (the agent's extension on the trunk); resolves once the app rings. */
export async function customerCalls(page: Page, customer: BaresipCustomer, uri: string): Promise<void> {
  await customer.dial(uri);
  await panelState(page, 'ringing').waitFor({ timeout: 15_000 });
}

/** Answers in the UI; resolves once the page hears the customer and baresip hears the page's tone (returned). */
export async function answerAndHearBothWays(page: Page, customer: BaresipCustomer): Promise<Heard> {
  const established = customer.events().filter((e) => e.type === 'CALL_ESTABLISHED').length;
  await page.getByTestId('answer').click();
  await panelState(page, 'active').waitFor({ timeout: 15_000 });
  await until('baresip says the call is established', async () => customer.events(), (e) => e.filter((x) => x.type === 'CALL_ESTABLISHED').length > established);
  await untilFound(async () => ((await pageLevel(page)) > 0.01 ? true : null), 'the page hears the customer');
  const from = heardCount(customer);
  const heard = await until('baresip hears the page\'s tone', async () => heardSince(customer, from), (h) => h.samples - from >= 8_000 && h.level > 0.01, { timeoutMs: 15_000 });
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
