// Calls through network trouble, in the app (issue 11): the browser host and
// the simulator, with a fault proxy the test puts between the page and the
// simulator's SIP WebSocket. The platform keeps a call when the agent's
// connection drops (as Asterisk does), so:
// - a call survives an outage with its audio, both halves cut or only the
//   page's (a half-open connection only a keep-alive finds);
// - a call the platform ended meanwhile shows "no audio" (never a MOS), then
//   an offer to end it, and ends as dropped by the network once the phone is
//   back, with its disposition saying so;
// - a queue call offered while such a zombie is on screen rings, never 486;
// - after a platform restart the agent is signed in again and queue calls reach her.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, phoneOnline, screenshot, simControl, startSignedIn, type E2EApp } from './harness';
import { callWithAudio as callWithAudioOf, panelState, simCall, simCalls, until, type SimCall } from './calls-kit';

let app: E2EApp;
beforeAll(async () => {
  app = await startSignedIn({ sipProxy: true, viewport: { width: 1100, height: 900 } });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const proxy = () => {
  if (!app.sipProxy) throw new Error('the app was started without a SIP proxy');
  return app.sipProxy;
};

const callWithAudio = (number: string): Promise<SimCall> => callWithAudioOf(app, number);

/** Packets the customer received from the agent so far (the platform side of the audio). */
async function customerHeard(guid: string): Promise<number> {
  return (await simCall(app, guid)).levels?.customerReceived.packets ?? 0;
}

async function disposition(guid: string, l1: string): Promise<void> {
  const form = app.page.locator(`[data-testid=disposition-form][data-guid="${guid}"]`);
  await form.locator('input[name=l1]').fill(l1);
  await app.page.getByTestId('disposition-submit').click();
  await form.waitFor({ state: 'detached' });
}

describe('a call through an outage of the signalling', () => {
  it('survives 5 s with both halves cut: audio all along, registered again at once, the same call on screen', async () => {
    const { page } = app;
    const call = await callWithAudio('099500001');
    proxy().cut();
    await proxy().refuse();
    await page.locator('[data-testid=connection]:not([data-state=online])').waitFor({ timeout: 10_000 });
    const before = await customerHeard(call.guid);
    await sleep(5_000);
    // Media never used the proxy: the customer kept hearing the agent.
    expect(await customerHeard(call.guid)).toBeGreaterThan(before + 100);
    const back = Date.now();
    await proxy().restore();
    await phoneOnline(page);
    console.log(`registered again ${Date.now() - back} ms after a 5 s outage`);
    expect((await simCall(app, call.guid)).status).toBe('active');
    await panelState(page, 'active').waitFor();
    expect(await page.getByTestId('call-quality').getAttribute('data-media')).toBe('flowing');
    await page.getByTestId('hang-up').click();
    await until(async () => (await simCall(app, call.guid)).endedBy === 'agent', 'the BYE reaches the platform over the new connection');
    await disposition(call.guid, 'Cortes de red');
  }, 90_000);

  it('survives 30 s with only the page half dead: the keep-alive finds it and the call goes on', async () => {
    const { page } = app;
    const call = await callWithAudio('099500002');
    const frozeAt = Date.now();
    proxy().freeze();
    await proxy().refuse();
    // Nothing closed the WebSocket: only the keep-alive's missing answer tells the phone.
    await page.locator('[data-testid=connection]:not([data-state=online])').waitFor({ timeout: 12_000 });
    console.log(`half-open connection found after ${Date.now() - frozeAt} ms`);
    await sleep(Math.max(0, 30_000 - (Date.now() - frozeAt)));
    expect((await simCall(app, call.guid)).status).toBe('active');
    await proxy().restore();
    await phoneOnline(page);
    const heard = await customerHeard(call.guid);
    await until(async () => (await customerHeard(call.guid)) > heard + 25, 'the customer still hears the agent');
    await panelState(page, 'active').waitFor();
    await page.getByTestId('hang-up').click();
    await until(async () => (await simCall(app, call.guid)).endedBy === 'agent', 'the platform sees the agent hang up');
    await disposition(call.guid, 'Sigue la llamada');
  }, 90_000);
});

describe('a call the platform ended while the phone could not hear it', () => {
  it('shows no audio instead of a quality, offers to end it, and ends it as dropped by the network once the phone is back', async () => {
    const { page } = app;
    const call = await callWithAudio('099500003');
    proxy().cut();
    await proxy().refuse();
    await page.locator('[data-testid=connection]:not([data-state=online])').waitFor({ timeout: 10_000 });
    // The customer hangs up; the BYE cannot reach the agent.
    await simControl(app.sim, 'POST', `/calls/${call.guid}/hangup`);
    expect((await simCall(app, call.guid)).status).toBe('ended');
    await page.locator('[data-testid=call-quality][data-media=silent]').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('call-quality').textContent()).not.toMatch(/MOS/);
    await screenshot(page, 'call-no-audio-es');
    // No audio and no signalling for 20 s: the panel offers to end the call.
    await page.getByTestId('offer-end').waitFor({ timeout: 30_000 });
    await screenshot(page, 'call-offer-end-es');
    await chooseLanguage(page, 'en');
    await screenshot(page, 'call-offer-end-en');
    await chooseLanguage(page, 'es');
    await proxy().restore();
    await phoneOnline(page);
    // The refresh gets 481: the call ends here, and its disposition says why.
    const form = page.locator(`[data-testid=disposition-form][data-guid="${call.guid}"]`);
    await form.waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('call-panel').count()).toBe(0);
    await page.getByTestId('dispo-dropped').waitFor();
    await screenshot(page, 'call-dropped-disposition-es');
    await disposition(call.guid, 'Cortada');
  }, 120_000);

  it('rings a queue call offered while that zombie is still on screen (never 486), and the agent takes it', async () => {
    const { page } = app;
    const call = await callWithAudio('099500004');
    // The platform ends the call and its BYE is lost; at once it offers the agent the next customer.
    await simControl(app.sim, 'POST', `/calls/${call.guid}/hangup`, { byeLost: true });
    const offered = (await simControl(app.sim, 'POST', '/inbound-call', { campaign: 'Soporte<-', from: '098777111' })) as { guid: string };
    // The phone asks the platform about the call on screen (481: gone) and the new call rings by itself.
    await page.locator(`[data-testid=disposition-form][data-guid="${call.guid}"]`).waitFor({ timeout: 10_000 });
    await panelState(page, 'ringing').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('call-who').textContent()).toContain('098777111');
    await page.getByTestId('answer').click();
    await panelState(page, 'active').waitFor({ timeout: 10_000 });
    await until(async () => (await simCall(app, offered.guid)).status === 'active', 'the platform sees the queue call answered');
    const rejected = (await simCalls(app)).filter((c) => /486/.test(c.cause ?? ''));
    expect(rejected).toEqual([]);
    await page.getByTestId('hang-up').click();
    // Oldest first: the dropped call, then the queue call.
    await disposition(call.guid, 'Cortada');
    await disposition(offered.guid, 'Atendida');
  }, 90_000);
});

describe('a platform restart', () => {
  it('the phone registers again, main signs the agent in again, and a queue call reaches her', async () => {
    const { page } = app;
    const agent = app.agents[0]!;
    await phoneOnline(page);
    await simControl(app.sim, 'POST', '/restart', { downSeconds: 3 });
    // The platform forgot every login: the agent is logged out there until main signs her in again.
    await until(async () => {
      const state = await app.simState().catch(() => null);
      const record = (state?.['agents'] as { accountcode: string; loggedIn: boolean }[] | undefined)?.find((a) => a.accountcode === agent.agent);
      return record?.loggedIn === true;
    }, 'main signed the agent in again', 30_000);
    await phoneOnline(page);
    const offered = (await simControl(app.sim, 'POST', '/inbound-call', { campaign: 'Soporte<-', from: '098777222' })) as { guid: string };
    await panelState(page, 'ringing').waitFor({ timeout: 10_000 });
    await page.getByTestId('answer').click();
    await panelState(page, 'active').waitFor({ timeout: 10_000 });
    await page.getByTestId('hang-up').click();
    await disposition(offered.guid, 'Tras el reinicio');
    expect(await page.getByTestId('renewal-problem').count()).toBe(0);
  }, 90_000);
});
