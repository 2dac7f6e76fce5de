// Steps of the unplug E2E (audio-unplug.test.ts) and bench (bench/headset-unplug.ts):
// choosing devices by label, which microphone the simulator's customer hears,
// and how long no packet reached the customer.
import type { Page } from 'playwright-core';
import { customerHeard } from './calls-kit';
import type { E2EApp } from './harness';
import { TONE, type Recording } from './pulse-audio';
import { bandLevel, lastMs } from './tone-bands';

export interface DeviceChoiceLabels {
  readonly microphone: string;
  readonly speaker: string;
  readonly ringer: string;
}

/** Chooses the three devices in the workstation settings, by their labels. */
export async function chooseDevicesByLabel(page: Page, choice: DeviceChoiceLabels): Promise<void> {
  const settings = page.getByTestId('workstation-settings');
  await page.getByTestId('open-workstation-settings').click();
  await settings.locator('select[name=microphone] option', { hasText: choice.microphone }).waitFor({ state: 'attached' });
  for (const [role, label] of Object.entries(choice)) await settings.locator(`select[name=${role}]`).selectOption({ label });
  await page.keyboard.press('Escape');
  await settings.waitFor({ state: 'detached' });
}

/** Which microphone the customer hears now (the last second of heard.wav), by the tone it speaks. */
export async function customerHearsWhich(app: E2EApp, guid: string): Promise<'headset' | 'builtin' | 'nothing'> {
  const heard = lastMs(await customerHeard(app, guid), 1_000);
  const headset = bandLevel(heard, TONE.headset);
  const builtin = bandLevel(heard, TONE.builtin);
  if (Math.max(headset, builtin) < 0.005) return 'nothing';
  return headset > builtin ? 'headset' : 'builtin';
}

/**
 * When the headset fell silent, in ms on the built-in speaker's recording: the headset's recording ends when
 * its sink goes (its length is the unplug on that time line, pactl's and parec's own delays left out), unless
 * PulseAudio rescued that recording to another source and it ran on; then the unplug's wall-clock moment.
 */
export function headsetSilentFromMs(headset: Float32Array, unpluggedAt: number, builtin: Recording): number {
  return Math.min((headset.length / 8_000) * 1_000, Math.max(0, unpluggedAt - builtin.startedAt));
}
