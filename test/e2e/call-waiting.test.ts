// No customer turned away in silence (issue 11), in the app: a call offered
// while the agent is on another rings as a waiting call (never 486) that she
// takes by holding the current one, switches back, and ends both; a waiting
// call she does not take, and one the caller gives up on, are kept as missed
// calls with their reason (also after a reload) until she dismisses them. A
// disposition the platform keeps refusing is parked and shown with what the
// platform said, to copy or try again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegraClient } from '../../main/api';
import { phoneOnline, screenshotsInBothLanguages, simControl, startSignedIn, type E2EApp } from './harness';
import { dialFromPad, disposeInForm, panelState, simCall, simCalls, supervisorApi, until } from './calls-kit';

let app: E2EApp;
let api: IntegraClient;
beforeAll(async () => {
  // Short outbox waits: a refused disposition is parked after 5 refusals in a row within seconds.
  app = await startSignedIn({ viewport: { width: 1100, height: 1000 }, outboxBackoff: { firstMs: 200, factor: 1.5, capMs: 1_000, jitter: 0 } });
  await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.host.origin });
  api = await supervisorApi(app);
}, 120_000);
afterAll(async () => {
  await api?.close();
  await app?.close();
});

const shots = (name: string): Promise<void> => screenshotsInBothLanguages(app.page, name);

const dial = (number: string) => dialFromPad(app, number);

/** Another application asks the platform to call the agent (Make Call from a CRM), while she is on a call. */
async function offerWhileBusy(number: string): Promise<string> {
  const agent = app.agents[0]!;
  return api.makeCall({ callerid: '59826001234', agent: agent.agent, phone: agent.phone, tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination: number });
}

const dispose = (guid: string, l1: string, extra: { camptoreschedule?: string } = {}) => disposeInForm(app.page, guid, l1, extra);

describe('call waiting', () => {
  it('rings a call offered during a call as waiting; hold and answer, switch back, hang up both', async () => {
    const { page } = app;
    const first = await dial('099700001');
    const secondGuid = await offerWhileBusy('099700002');
    const waiting = page.getByTestId('waiting-call');
    await waiting.waitFor({ timeout: 10_000 });
    expect(await waiting.getAttribute('data-caller')).toBe('099700002');
    // The focus stays where the agent was; the live call goes on.
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid=waiting-call]') ?? null)).toBeNull();
    expect((await simCall(app, secondGuid)).status).toBe('ringing');
    await shots('call-waiting');

    await page.getByTestId('waiting-hold-answer').click();
    await until(async () => (await simCall(app, secondGuid)).status === 'active', 'the waiting call is answered');
    await until(async () => (await simCall(app, first.guid)).status === 'held', 'the first call is held');
    await page.getByTestId('held-call').waitFor();
    expect(await page.getByTestId('call-who').textContent()).toContain('099700002');
    await shots('call-held-beside');

    await page.getByTestId('held-swap').click();
    await until(async () => (await simCall(app, first.guid)).status === 'active', 'back on the first call');
    await until(async () => (await simCall(app, secondGuid)).status === 'held', 'the second call held');
    expect(await page.getByTestId('call-who').textContent()).toContain('099700001');
    await page.getByTestId('hang-up').click();
    await until(async () => (await simCall(app, first.guid)).endedBy === 'agent', 'the first call ended');
    // The held call is the one on screen now: resume it and hang up.
    await panelState(page, 'held').waitFor();
    await page.getByTestId('hold').click();
    await panelState(page, 'active').waitFor();
    await page.getByTestId('hang-up').click();
    await until(async () => (await simCall(app, secondGuid)).endedBy === 'agent', 'the second call ended');
    expect((await simCalls(app)).filter((c) => /486/.test(c.cause ?? ''))).toEqual([]);
    await dispose(first.guid, 'Primera');
    await dispose(secondGuid, 'Segunda');
  }, 120_000);

  it('keeps a waiting call not taken and a call the caller gave up on as missed calls, with their reason, also after a reload', async () => {
    const { page } = app;
    const current = await dial('099700003');
    const notTaken = await offerWhileBusy('099700004');
    await page.getByTestId('waiting-call').waitFor({ timeout: 10_000 });
    await simControl(app.sim, 'POST', `/calls/${notTaken}/hangup`);
    await page.locator('[data-testid=missed-call][data-reason=offered-while-busy]').waitFor({ timeout: 10_000 });
    await page.getByTestId('hang-up').click();
    await dispose(current.guid, 'Atendida');

    const rang = (await simControl(app.sim, 'POST', '/inbound-call', { campaign: 'Soporte<-', from: '098700005' })) as { guid: string };
    await panelState(page, 'ringing').waitFor({ timeout: 10_000 });
    await simControl(app.sim, 'POST', `/calls/${rang.guid}/hangup`);
    await page.locator('[data-testid=missed-call][data-reason=abandoned]').waitFor({ timeout: 10_000 });
    await shots('missed-calls');

    await page.reload();
    await phoneOnline(page);
    await page.locator('[data-testid=missed-calls][data-count="2"]').waitFor({ timeout: 10_000 });
    await page.getByTestId('missed-dismiss-all').click();
    await page.getByTestId('missed-calls').waitFor({ state: 'detached' });
  }, 120_000);

  it('a missed caller she reaches later is done: calling back from recent calls takes the entry off, the others stay', async () => {
    const { page } = app;
    for (const from of ['098700006', '098700007']) {
      const rang = (await simControl(app.sim, 'POST', '/inbound-call', { campaign: 'Soporte<-', from })) as { guid: string };
      await panelState(page, 'ringing').waitFor({ timeout: 10_000 });
      await simControl(app.sim, 'POST', `/calls/${rang.guid}/hangup`);
      await panelState(page, 'ringing').waitFor({ state: 'detached', timeout: 10_000 });
    }
    await page.locator('[data-testid=missed-calls][data-count="2"]').waitFor({ timeout: 10_000 });
    await page.locator('[data-testid=recent-calls] > summary').click();
    await page.locator('[data-testid=recent-call][data-outcome=missed]').filter({ hasText: '098700006' }).first().getByRole('button').click();
    await panelState(page, 'active').waitFor({ timeout: 15_000 });
    await page.locator('[data-testid=missed-calls][data-count="1"]').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('missed-call').textContent()).toContain('098700007');
    const back = (await simCalls(app)).find((c) => c.destination === '098700006' && c.status === 'active');
    expect(back?.origin).toBe('make-call');
    await page.getByTestId('hang-up').click();
    await dispose(back!.guid, 'Devuelta');
    await page.getByTestId('missed-dismiss-all').click();
    await page.getByTestId('missed-calls').waitFor({ state: 'detached' });
  }, 120_000);
});

describe('a ring while the agent types', () => {
  it('does not take the focus: the wrap-up comment goes on, and the call is answered by a click', async () => {
    const { page } = app;
    const call = await dial('099700008');
    await page.getByTestId('hang-up').click();
    const form = page.locator(`[data-testid=disposition-form][data-guid="${call.guid}"]`);
    await form.locator('textarea[name=comment]').click();
    await page.keyboard.type('El cliente pide ');
    const ringing = (await simControl(app.sim, 'POST', '/inbound-call', { campaign: 'Soporte<-', from: '098700009' })) as { guid: string };
    await panelState(page, 'ringing').waitFor({ timeout: 10_000 });
    // A space here used to land on the focused Answer button: the call answered itself and the text was lost.
    await page.keyboard.type('una visita el martes');
    expect(await form.locator('textarea[name=comment]').inputValue()).toBe('El cliente pide una visita el martes');
    expect((await simCall(app, ringing.guid)).status).toBe('ringing');
    await page.getByTestId('answer').click();
    await panelState(page, 'active').waitFor({ timeout: 10_000 });
    await page.getByTestId('hang-up').click();
    await dispose(call.guid, 'Visita');
    await dispose(ringing.guid, 'Atendida');
  }, 60_000);
});

describe('a re-INVITE the platform refuses', () => {
  it('says the hold was refused, and the next hold works (the refused offer is rolled back)', async () => {
    const { page } = app;
    const call = await dial('099700007');
    await simControl(app.sim, 'POST', `/calls/${call.guid}/refuse-reinvite`, { status: 500 });
    await page.getByTestId('hold').click();
    await page.locator('.agent-home [role=alert]').filter({ hasText: /500/ }).waitFor({ timeout: 10_000 });
    await panelState(page, 'active').waitFor();
    // Without the rollback the peer connection stays in have-local-offer and every later re-INVITE fails.
    await page.getByTestId('hold').click();
    await panelState(page, 'held').waitFor({ timeout: 10_000 });
    await until(async () => (await simCall(app, call.guid)).status === 'held', 'the platform sees the call held');
    await page.getByTestId('hold').click();
    await panelState(page, 'active').waitFor({ timeout: 10_000 });
    await page.getByTestId('hang-up').click();
    await dispose(call.guid, 'Retenida');
  }, 60_000);
});

describe('a disposition the platform keeps refusing', () => {
  it('is parked and shown with what the platform said; it can be copied and tried again', async () => {
    const { page } = app;
    const call = await dial('099700006');
    await page.getByTestId('hang-up').click();
    // A callback to a dialer the platform does not know: it answers 0 every time.
    await dispose(call.guid, 'Volver a llamar', { camptoreschedule: 'NoExiste->' });
    const parked = page.locator(`[data-testid=parked-disposition]`);
    await parked.waitFor({ timeout: 20_000 });
    expect(await parked.textContent()).toMatch(/5/);
    await shots('disposition-parked');
    await parked.getByTestId('parked-copy').click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(JSON.parse(copied)).toMatchObject({ guid: call.guid, camptoreschedule: 'NoExiste->', l1: 'Volver a llamar' });
    const attempts = async () => ((await app.simState())['requests'] as { operation: string }[]).filter((r) => r.operation === 'disposition').length;
    const before = await attempts();
    await parked.getByTestId('parked-retry').click();
    await until(async () => (await attempts()) > before, 'the platform is asked again');
    // Still refused: parked again after another five.
    await page.locator('[data-testid=parked-disposition]').waitFor({ timeout: 20_000 });
  }, 90_000);
});
