// Calls end to end in the app (issue 4): the browser host and the simulator
// (HTTP API + SIP over WebSocket + werift media) started here, Debian's
// Chromium with fake media devices. Make Call from the dial pad, the INVITE
// answered by itself, audio both ways, DTMF, hold/resume, hang-up, the
// disposition the simulator stores; a dialer record answered by button and
// ended by the API's Hang Up Call; a disposition saved while the platform
// refuses connections and sent once it is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneOnline, screenshotsInBothLanguages, simControl, startSignedIn, type E2EApp } from './harness';
import { pageLevel, panelState, simCall, simCalls, simDispositions, supervisorApi, until } from './calls-kit';

let app: E2EApp;
beforeAll(async () => {
  app = await startSignedIn({ viewport: { width: 1100, height: 900 } });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const shots = (name: string): Promise<void> => screenshotsInBothLanguages(app.page, name);

describe('calls in the app', () => {
  it('Make Call from the dial pad: answered by itself, audio both ways, DTMF, hold/resume, hang-up, disposition stored with the GUID', async () => {
    const { page } = app;
    const phone = app.agents[0]!.phone;
    await page.locator('select[name=campaign]').waitFor();
    expect(await page.locator('select[name=campaign]').inputValue()).toBe('Manual->');
    await page.locator('input[name=number]').fill('099 123');
    await page.getByTestId('dial-keypad').locator('[data-key="4"]').click();
    await page.getByTestId('dial-keypad').locator('[data-key="5"]').click();
    await page.getByTestId('dial-keypad').locator('[data-key="6"]').click();
    await page.getByTestId('call-button').click();

    await panelState(page, 'active').waitFor({ timeout: 15_000 });
    const call = await until(async () => (await simCalls(app)).find((c) => c.phone === phone && c.origin === 'make-call'), 'the simulator holds the call');
    expect(call).toMatchObject({ destination: '099123456', campaign: 'Manual->', callerid: '59826001234' });
    expect(await page.getByTestId('call-who').textContent()).toContain('099123456');

    // Audio both ways: the simulator's customer hears the fake microphone, the page hears the 440 Hz tone.
    const heard = await until(async () => {
      const c = await simCall(app, call.guid);
      const l = c.levels;
      return c.status === 'active' && l && l.customerReceived.peakRms > 0.01 && l.customerReceived.packets > 10 && l.customerSent.packets > 10 ? c : null;
    }, 'the customer receives audio above silence');
    expect(heard.levels?.customerSent.rms).toBeGreaterThan(0.01); // the customer's tone, as the simulator sends it
    const level = await until(async () => {
      const l = await pageLevel(page);
      return l > 0.01 ? l : null;
    }, 'the page receives audio above silence');
    expect(level).toBeGreaterThan(0.01);
    await until(async () => !(await page.getByTestId('call-quality').textContent())?.includes('…'), 'a quality sample is shown');
    await shots('call-active');

    await page.getByTestId('keypad-toggle').click();
    await page.getByTestId('dtmf-keypad').locator('[data-key="5"]').click();
    await until(async () => (await simCall(app, call.guid)).dtmf.includes('5'), 'the digit 5 reaches the simulator');

    await page.getByTestId('hold').click();
    await panelState(page, 'held').waitFor();
    await until(async () => (await simCall(app, call.guid)).status === 'held', 'the simulator sees the call held');
    await page.getByTestId('hold').click();
    await panelState(page, 'active').waitFor();
    await until(async () => (await simCall(app, call.guid)).status === 'active', 'the simulator sees the call active again');

    await page.getByTestId('hang-up').click();
    const form = page.locator(`[data-testid=disposition-form][data-guid="${call.guid}"]`);
    await form.waitFor();
    await until(async () => (await simCall(app, call.guid)).endedBy === 'agent', 'the simulator records the agent hung up');
    expect(await page.getByTestId('call-panel').count()).toBe(0);

    // L1 is required: an empty one is refused in the form, in words.
    await page.getByTestId('disposition-submit').click();
    await expect.poll(() => form.locator('[role=alert]').count()).toBeGreaterThan(0);
    await form.locator('input[name=l1]').fill('Contactado');
    await form.locator('input[name=l2]').fill('Interesado');
    await form.locator('input[name=l3]').fill('Plan B');
    await form.locator('input[name=d1]').fill('dato uno');
    await form.locator('input[name=d2]').fill('dato dos');
    await form.locator('textarea[name=comment]').fill('Pide que lo llamen el lunes');
    await form.locator('input[name=tag]').fill('vip');
    await form.locator('input[name=callback]').check();
    await form.locator('input[name=callbackAt]').fill('2030-05-06T10:30');
    // Chromium draws the picker in the computer's locale; the line under it says the day in the agent's words.
    expect(await form.getByTestId('date-time-said').textContent()).toBe('Es decir: lunes, 6 de mayo de 2030, 10:30.');
    await form.locator('input[name=callbackDialer]').fill('Encuestas->');
    await shots('call-disposition');
    await page.getByTestId('disposition-submit').click();
    await form.waitFor({ state: 'detached' });

    const stored = await until(async () => (await simDispositions(app)).find((d) => d.guid === call.guid), 'the simulator stores the disposition');
    expect(stored.params).toEqual({
      campaign: 'Manual->', agent: app.agents[0]!.agent, callerid: '099123456', guid: call.guid,
      l1: 'Contactado', l2: 'Interesado', l3: 'Plan B', d1: 'dato uno', d2: 'dato dos', comment: 'Pide que lo llamen el lunes',
      schedule: '2030-05-06 10:30:00', camptoreschedule: 'Encuestas->', tag: 'vip',
    });
    expect(stored).toMatchObject({ knownCall: true, received: 1 });
    await page.locator('[data-testid=outbox][data-pending="0"]').waitFor();
  }, 120_000);

  it('a dialer record rings the agent, who answers by button; Hang Up Call from the API ends it in the UI', async () => {
    const { page } = app;
    const agent = app.agents[0]!;
    const api = await supervisorApi(app);
    try {
      await api.addAgentsToCampaigns([{ membername: agent.agent, queueName: 'Encuestas->', interface1: `SIP/${agent.phone}` }]);
      await api.addRecordToDialer({ campaign: 'Encuestas->', destination: '098765432', agent: agent.phone, data: 'cliente=42' });

      await panelState(page, 'ringing').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('call-who').textContent()).toContain('098765432');
      expect(await page.getByTestId('call-campaign').textContent()).toContain('Encuestas->');
      const call = await until(async () => (await simCalls(app)).find((c) => c.origin === 'dialer' && c.status === 'ringing'), 'the simulator rings the agent');
      await shots('call-ringing');
      await page.getByTestId('answer').click();
      await panelState(page, 'active').waitFor({ timeout: 15_000 });
      await until(async () => (await simCall(app, call.guid)).status === 'active', 'the simulator sees the call answered');

      await api.hangUpCall({ phone: agent.phone });
      await page.getByTestId('call-panel').waitFor({ state: 'detached', timeout: 10_000 });
      expect((await simCall(app, call.guid)).endedBy).toBe('api');
      await page.locator(`[data-testid=disposition-form][data-guid="${call.guid}"]`).waitFor();
    } finally {
      await api.close();
    }
  }, 120_000);

  it('a disposition saved while the platform refuses connections is sent once it is back', async () => {
    const { page } = app;
    const form = page.getByTestId('disposition-form');
    const guid = (await form.getAttribute('data-guid'))!;
    await app.sim.pauseHttp();
    try {
      await form.locator('input[name=l1]').fill('Encuesta completa');
      await page.getByTestId('disposition-submit').click();
      await form.waitFor({ state: 'detached' });
      await page.locator('[data-testid=outbox][data-pending="1"]').waitFor({ timeout: 10_000 });
      // The agent can keep working: the dial pad is usable while the disposition waits.
      expect(await page.getByTestId('call-button').isEnabled()).toBe(true);
    } finally {
      await app.sim.resumeHttp();
    }
    const stored = await until(async () => (await simDispositions(app)).find((d) => d.guid === guid), 'the waiting disposition reaches the simulator', 40_000);
    expect(stored.params).toMatchObject({ guid, l1: 'Encuesta completa', campaign: 'Encuestas->', callerid: '098765432' });
    expect(stored.received).toBe(1);
    await page.locator('[data-testid=outbox][data-pending="0"]').waitFor({ timeout: 10_000 });
  }, 90_000);

  it('hang-up while SIP signalling is gone falls back to the API\'s Hang Up Call and says so', async () => {
    const { page } = app;
    await phoneOnline(page);
    await page.locator('input[name=number]').fill('099555000');
    await page.getByTestId('call-button').click();
    await panelState(page, 'active').waitFor({ timeout: 15_000 });
    const requests = async () => ((await app.simState())['requests'] as { operation: string }[]).filter((r) => r.operation === 'hangup').length;
    const before = await requests();
    await simControl(app.sim, 'POST', '/sip/pause');
    try {
      await page.locator('[data-testid=connection]:not([data-state=online])').waitFor({ timeout: 10_000 });
      await page.getByTestId('hang-up').click();
      await page.getByTestId('call-panel').waitFor({ state: 'detached', timeout: 10_000 });
      await until(async () => (await requests()) > before, 'main called Hang Up Call');
      await page.locator('.banner-info[role=status]').waitFor();
      // The call was answered, so it still asks for its disposition.
      const form = page.getByTestId('disposition-form');
      await form.locator('input[name=l1]').fill('Llamada cortada');
      await page.getByTestId('disposition-submit').click();
      await form.waitFor({ state: 'detached' });
    } finally {
      await simControl(app.sim, 'POST', '/sip/resume');
    }
    await phoneOnline(page);
  }, 90_000);

  const focusedName = (): Promise<string | null> => app.page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);

  it('works from the keyboard: Enter places the call, Enter on Hang up ends it, Enter saves the disposition, Ctrl+Enter from the comment; every control is labelled', async () => {
    const { page } = app;
    const unlabelled = await page.locator('.agent-home').evaluate((root) =>
      [...root.querySelectorAll('input, select, textarea, button')]
        .filter((el) => !((el as HTMLInputElement).labels?.length || el.getAttribute('aria-label') || (el.textContent ?? '').trim()))
        .map((el) => el.outerHTML.slice(0, 80)));
    expect(unlabelled).toEqual([]);
    const before = ((await app.simState())['dispositions'] as unknown[]).length;
    const form = page.getByTestId('disposition-form');
    /** Enter on the number places the call, Enter on Hang up ends it; the wrap-up's GUID. */
    const callAndHangUpByKeyboard = async (number: string): Promise<string | null> => {
      await page.locator('input[name=number]').focus();
      await page.keyboard.type(number);
      await page.keyboard.press('Enter');
      await panelState(page, 'active').waitFor({ timeout: 15_000 });
      await page.getByTestId('hang-up').focus();
      await page.keyboard.press('Enter');
      await form.locator('input[name=l1]').waitFor();
      return form.getAttribute('data-guid');
    };
    const guid = await callAndHangUpByKeyboard('099777888');
    expect(await page.getByTestId('disposition-form').count()).toBe(1);
    await form.locator('input[name=l1]').focus();
    await page.keyboard.type('No interesado');
    await page.keyboard.press('Enter');
    const stored = await until(async () => (await simDispositions(app)).find((d) => d.guid === guid), 'the keyboard disposition is stored');
    expect(stored.params).toMatchObject({ l1: 'No interesado', callerid: '099777888' });
    expect(((await app.simState())['dispositions'] as unknown[]).length).toBe(before + 1);
    // The saved form took the focused field with it: the focus is on the number to dial, not lost to the page.
    await form.waitFor({ state: 'detached' });
    expect(await focusedName()).toBe('number');

    // In the comment Enter starts a line; Ctrl+Enter saves from there (the hint under it says so).
    await form.waitFor({ state: 'detached' });
    const second = await callAndHangUpByKeyboard('099777889');
    await form.locator('input[name=l1]').focus();
    await page.keyboard.type('Contactado');
    await form.locator('textarea[name=comment]').focus();
    await page.keyboard.type('Pide la factura');
    await page.keyboard.press('Enter');
    await page.keyboard.type('y un descuento');
    // A queue call rings meanwhile: typing goes on in the comment, and after the save the focus is on that call.
    const { guid: ringingGuid } = (await simControl(app.sim, 'POST', '/inbound-call', { campaign: 'Soporte<-', from: '099555222' })) as { guid: string };
    await panelState(page, 'ringing').waitFor({ timeout: 15_000 });
    expect(await focusedName()).toBe('comment');
    expect(await simDispositions(app).then((all) => all.some((d) => d.guid === second))).toBe(false);
    expect(await form.locator('textarea[name=comment]').evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent)).toBe('Ctrl+Intro guarda la calificación (aquí Intro empieza otra línea).');
    await page.keyboard.press('Control+Enter');
    const withComment = await until(async () => (await simDispositions(app)).find((d) => d.guid === second), 'the disposition saved with Ctrl+Enter is stored');
    expect(withComment.params).toMatchObject({ l1: 'Contactado', callerid: '099777889', comment: 'Pide la factura\ny un descuento' });
    await form.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-state'))).toBe('ringing');
    await simControl(app.sim, 'POST', `/calls/${ringingGuid}/hangup`, {});
    await panelState(page, 'ringing').waitFor({ state: 'detached' });
  }, 90_000);
});
