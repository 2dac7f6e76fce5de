// The agent's audio devices (Chromium's fake devices: three inputs, three
// outputs): chosen in the workstation settings and kept by main; a call then
// sends from the chosen microphone and plays on the chosen output; a change
// during the call switches it at once; the choice survives a reload.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioDevices } from '../../common/ipc-contract';
import { panelState, simCall, simCalls, until } from './calls-kit';
import { screenshot, startSignedIn, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startSignedIn({ viewport: { width: 1100, height: 900 } });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const savedDevices = (): AudioDevices => (JSON.parse(readFileSync(join(app.dataDir, 'settings.json'), 'utf8')) as { audioDevices: AudioDevices }).audioDevices;
const panel = () => app.page.getByTestId('workstation-settings');

async function openSettings(): Promise<void> {
  await app.page.getByTestId('open-workstation-settings').click();
  await panel().locator('select[name=microphone] option', { hasText: 'Fake Audio Input 1' }).waitFor({ state: 'attached' });
}

async function closeSettings(): Promise<void> {
  await app.page.keyboard.press('Escape');
  await panel().waitFor({ state: 'detached' });
}

/** Output device ids by label, as this page's origin sees them. */
const outputIds = (): Promise<Record<string, string>> =>
  app.page.evaluate(async () =>
    Object.fromEntries((await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'audiooutput').map((d) => [d.label, d.deviceId])),
  );

describe('audio devices', () => {
  it('a call uses the microphone and output chosen in the settings, switches mid-call, and the choice is kept', async () => {
    const { page } = app;
    await openSettings();
    await panel().locator('select[name=microphone]').selectOption({ label: 'Fake Audio Input 1' });
    await panel().locator('select[name=speaker]').selectOption({ label: 'Fake Audio Output 2' });
    await panel().locator('select[name=ringer]').selectOption({ label: 'Fake Audio Output 1' });
    const saved = await until(async () => {
      const devices = savedDevices();
      return devices.ringer?.label === 'Fake Audio Output 1' && devices.speaker !== null && devices.microphone !== null ? devices : null;
    }, 'main keeps the three devices');
    expect(saved).toMatchObject({ microphone: { label: 'Fake Audio Input 1' }, speaker: { label: 'Fake Audio Output 2' } });
    // Two "Probar" buttons: each says which output it plays on.
    expect(await panel().getByTestId('test-ringer').getAttribute('aria-label')).toBe('Probar Timbre');
    await screenshot(page, 'workstation-settings-audio-es');
    await closeSettings();

    const ids = await outputIds();
    await page.locator('input[name=number]').fill('099 777 111');
    await page.getByTestId('call-button').click();
    await panelState(page, 'active').waitFor({ timeout: 15_000 });
    const route = page.getByTestId('call-devices');
    await expect.poll(() => route.getAttribute('data-microphone')).toBe('Fake Audio Input 1');
    expect(await route.getAttribute('data-speaker-id')).toBe(ids['Fake Audio Output 2']);
    expect(await route.textContent()).toBe('Micrófono: Fake Audio Input 1');
    const call = await until(async () => (await simCalls(app)).find((c) => c.destination === '099777111'), 'the simulator holds the call');
    await until(async () => ((await simCall(app, call.guid)).levels?.customerReceived.peakRms ?? 0) > 0.01, 'the customer hears the chosen microphone');

    // During the call: the microphone back to the system default, the call audio to another output.
    await openSettings();
    await panel().locator('select[name=microphone]').selectOption('');
    await panel().locator('select[name=speaker]').selectOption({ label: 'Fake Audio Output 1' });
    await closeSettings();
    await expect.poll(() => route.getAttribute('data-speaker-id')).toBe(ids['Fake Audio Output 1']);
    await expect.poll(() => route.getAttribute('data-microphone')).not.toBe('Fake Audio Input 1');
    await page.getByTestId('hang-up').click();
    await until(async () => (await simCall(app, call.guid)).endedBy === 'agent', 'the call ends');

    // Kept by main: a reload shows the same choice.
    await page.reload();
    await page.getByTestId('agent-name').waitFor({ timeout: 15_000 });
    await openSettings();
    expect(await panel().locator('select[name=microphone]').inputValue()).toBe('');
    expect(await panel().locator('select[name=speaker] option:checked').textContent()).toBe('Fake Audio Output 1');
    expect(await panel().locator('select[name=ringer] option:checked').textContent()).toBe('Fake Audio Output 1');
    await closeSettings();
  });
});
