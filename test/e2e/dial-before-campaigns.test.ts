// Make Call from the keyboard right after sign-in, before main has listed the
// campaigns to call through (it asks the platform; on a busy workstation or a
// slow platform that takes a while): the Enter is kept, not lost. The call goes
// out as soon as the campaigns arrive; if they do not arrive within 5 s, the
// field says the call was not placed, and it is not placed later behind the
// agent's back. Main's reply to `calls.setup` is held by the test (bridge-hold.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeBridge, type BridgeHold } from './bridge-hold';
import { disposeInForm, panelState, simCalls, until } from './calls-kit';
import { phoneOnline, screenshot, signIn, signOut, startApp, type E2EApp } from './harness';

let app: E2EApp;
let bridge: BridgeHold;

beforeAll(async () => {
  app = await startApp();
  bridge = await routeBridge(app.page);
  await app.page.locator('input[name=agent]').waitFor();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** Signs in with main's list of campaigns held back, and types the number with Enter at once. */
async function signInAndDialAtOnce(number: string): Promise<void> {
  bridge.hold('calls.setup');
  await signIn(app);
  await phoneOnline(app.page);
  await until(async () => bridge.held() > 0, 'main answered calls.setup (held)');
  await app.page.locator('input[name=number]').focus();
  await app.page.keyboard.type(number);
  await app.page.keyboard.press('Enter');
}

const callsTo = async (destination: string) => (await simCalls(app)).filter((c) => c.destination === destination).length;

describe('Make Call before the campaigns are known', () => {
  it('is kept, says it waits for them, and goes out when they arrive', async () => {
    const { page } = app;
    await signInAndDialAtOnce('099444555');
    await page.getByTestId('call-waits-for-campaigns').waitFor();
    expect(await page.getByTestId('call-button').textContent()).toBe('Llamando…');
    await screenshot(page, 'dial-before-campaigns');
    expect(await callsTo('099444555')).toBe(0);

    bridge.release();
    await panelState(page, 'active').waitFor({ timeout: 15_000 });
    const call = await until(async () => (await simCalls(app)).find((c) => c.destination === '099444555'), 'the simulator holds the call');
    expect(await page.getByTestId('call-waits-for-campaigns').count()).toBe(0);
    await page.getByTestId('hang-up').click();
    await disposeInForm(page, call.guid, 'Contactado');
  }, 60_000);

  it('is not placed when they come late: the field says so, and nothing is dialled when they do come', async () => {
    const { page } = app;
    await signOut(page);
    await signInAndDialAtOnce('099444666');
    const problem = page.locator('.dial-pad [role=alert]');
    await problem.waitFor({ timeout: 10_000 });
    expect(await problem.textContent()).toBe('Las campañas para llamar no llegaron a tiempo, así que la llamada no se realizó. Vuelva a intentar.');
    expect(await page.getByTestId('call-button').textContent()).toBe('Llamar');

    bridge.release();
    await page.locator('select[name=campaign]').waitFor();
    // The campaigns are in; a queued call would now be placing. None is.
    expect(await page.getByTestId('call-button').textContent()).toBe('Llamar');
    expect(await panelState(page, 'active').count()).toBe(0);
    expect(await callsTo('099444666')).toBe(0);
    expect(await page.locator('input[name=number]').inputValue()).toBe('099444666');
  }, 60_000);
});
