// What the agent reads while the platform's API is away and the phone is not
// (issue 23): a proxy in front of the simulator's HTTP API refuses, while the
// phone keeps its own connection to the SIP server. One message per failure,
// named after what the agent did, gone when the cause is gone, in her
// language; the header tells the phone and the platform apart; the outbox
// badge never says "all sent" beside a disposition the platform refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { dialFromPad, disposeInForm, panelState, simCall, simCalls, until } from './calls-kit';
import { chooseLanguage, phoneOnline, screenshotsInBothLanguages, signIn, simControl, startApp, type E2EApp } from './harness';

let app: E2EApp;
let apiProxy: FaultProxy;

beforeAll(async () => {
  app = await startApp({ viewport: { width: 1100, height: 900 } });
  apiProxy = await startFaultProxy(Number(new URL(app.sim.baseUrl).port));
  await signIn(app, { instanceUrl: `http://127.0.0.1:${apiProxy.port}` });
  await phoneOnline(app.page);
}, 180_000);
afterAll(async () => {
  await app?.close();
  await apiProxy?.close();
});

const header = () => app.page.getByTestId('connection');
const outbox = () => app.page.getByTestId('outbox');

describe('a disposition the platform refused', () => {
  it('is counted alone in the badge (not "all sent"), in the singular, and its reason is in the agent\'s language', { timeout: 90_000 }, async () => {
    const call = await dialFromPad(app, '099700006');
    await app.page.getByTestId('hang-up').click();
    // A callback to a dialer the platform does not know: it answers 0 every time, and the outbox parks it.
    await disposeInForm(app.page, call.guid, 'Volver a llamar', { camptoreschedule: 'NoExiste->' });
    const parked = app.page.locator('[data-testid=parked-disposition]');
    await parked.waitFor({ timeout: 20_000 });
    await chooseLanguage(app.page, 'es');
    expect(await outbox().textContent()).toBe('Calificaciones: 1 calificación necesita atención');
    const card = app.page.locator('section, div').filter({ has: parked }).first();
    expect(await card.textContent()).toMatch(/Calificaciones que la plataforma no aceptó/u);
    expect(await parked.textContent()).toMatch(/La plataforma respondió "0" 5 veces seguidas/u);
    expect(await parked.textContent()).not.toMatch(/The platform|Call Disposition/u);
    await screenshotsInBothLanguages(app.page, 'platform-away-parked');
    await chooseLanguage(app.page, 'en');
    expect(await outbox().textContent()).toBe('Dispositions: 1 disposition needs attention');
    expect(await parked.textContent()).toMatch(/The platform answered "0" 5 times in a row/u);
    await chooseLanguage(app.page, 'es');
  });
});

describe('the platform\'s API away, the phone still connected', () => {
  it('Make Call says it once, as the call\'s; the header says the phone still takes calls; a call rings and is answered; all of it goes when the API is back', { timeout: 120_000 }, async () => {
    apiProxy.cut();
    await apiProxy.refuse();
    try {
      await app.page.locator('input[name=number]').fill('099123456');
      await app.page.getByTestId('call-button').click();
      const banner = app.page.locator('.agent-home [role=alert]').filter({ hasText: /plataforma/u });
      await banner.waitFor({ timeout: 30_000 });
      const text = (await banner.textContent()) ?? '';
      expect(text.split('Realizar llamada').length - 1).toBe(1);
      expect(text.match(/Revise/gu)?.length).toBe(1);
      expect(text).not.toMatch(/Listar campañas|\(.*\(/u);
      await app.page.locator('[data-testid=connection][data-state=api-offline]').waitFor({ timeout: 15_000 });
      expect(await header().textContent()).toMatch(/Teléfono conectado · plataforma sin conexión/u);
      await screenshotsInBothLanguages(app.page, 'platform-away-make-call');

      // The phone does not need the API to ring: the platform's queue calls it over SIP.
      const { guid } = (await simControl(app.sim, 'POST', '/inbound-call', { campaign: 'Soporte<-', from: '099555111' })) as { guid: string };
      await panelState(app.page, 'ringing').waitFor({ timeout: 15_000 });
      await app.page.getByTestId('answer').first().click();
      await panelState(app.page, 'active').waitFor({ timeout: 15_000 });
      expect((await simCall(app, guid)).status).toBe('active');
      expect(await header().getAttribute('data-state')).toBe('api-offline');
      await app.page.getByTestId('hang-up').click();
      // Its disposition waits in the outbox, counted as waiting, the refused one still apart.
      await disposeInForm(app.page, guid, 'Resuelto');
      await until(async () => (await outbox().getAttribute('data-pending')) === '1' || null, 'the disposition waits to be sent');
      expect(await outbox().textContent()).toBe('Calificaciones: 1 pendiente de envío · 1 calificación necesita atención');
      await screenshotsInBothLanguages(app.page, 'platform-away-outbox');
    } finally {
      await apiProxy.restore();
    }
    // The API is back: the header, the banner and the outbox follow by themselves.
    await phoneOnline(app.page);
    await app.page.locator('.agent-home [role=alert]').filter({ hasText: /Realizar llamada/u }).waitFor({ state: 'detached', timeout: 15_000 });
    await until(async () => (await outbox().getAttribute('data-pending')) === '0' || null, 'the waiting disposition is sent', 60_000);
    expect(await outbox().textContent()).toBe('Calificaciones: 1 calificación necesita atención');
    await screenshotsInBothLanguages(app.page, 'platform-back');
  });

  it('a Make Call the platform missed, its error still on screen when the API is back: the error goes and a line says the call was not placed, until she acts on a call or calls again', { timeout: 90_000 }, async () => {
    const { page } = app;
    const notPlaced = page.getByTestId('call-not-placed');
    /** Make Call with the API refused, then the API back: the line that says the call was not placed. */
    const missedMakeCall = async (number: string): Promise<void> => {
      apiProxy.cut();
      await apiProxy.refuse();
      try {
        await page.locator('input[name=number]').fill(number);
        await page.getByTestId('call-button').click();
        await page.locator('.agent-home [role=alert]').filter({ hasText: /Realizar llamada/u }).waitFor({ timeout: 30_000 });
        expect(await notPlaced.count()).toBe(0);
      } finally {
        await apiProxy.restore();
      }
      await notPlaced.waitFor({ timeout: 30_000 });
      expect(await page.locator('.agent-home [role=alert]').filter({ hasText: /Realizar llamada/u }).count()).toBe(0);
    };

    await missedMakeCall('099 765 111');
    expect(await notPlaced.textContent()).toBe('La plataforma responde de nuevo, pero la llamada a 099 765 111 no se realizó. Pulse «Llamar» para intentarlo otra vez.');
    await screenshotsInBothLanguages(page, 'platform-back-call-not-placed');
    // Answering a queue call is acting on a call: the line is old news and goes.
    const { guid } = (await simControl(app.sim, 'POST', '/inbound-call', { campaign: 'Soporte<-', from: '099555222' })) as { guid: string };
    await panelState(page, 'ringing').waitFor({ timeout: 15_000 });
    await page.getByTestId('answer').first().click();
    await panelState(page, 'active').waitFor({ timeout: 15_000 });
    expect(await notPlaced.count()).toBe(0);
    await page.getByTestId('hang-up').click();
    await disposeInForm(page, guid, 'Resuelto');

    // Calling again: the line goes, and this time the call is made.
    await missedMakeCall('099 765 112');
    const call = await dialFromPad(app, '099765112');
    expect(await notPlaced.count()).toBe(0);
    await page.getByTestId('hang-up').click();
    await disposeInForm(page, call.guid, 'Resuelto');
  });
});

describe('the phone away, the platform\'s API up', () => {
  it('Make Call is not sent and says why (the platform rings her phone first); the error goes when the phone is back, and a line says the call was not placed', { timeout: 90_000 }, async () => {
    const { page } = app;
    const agent = app.agents[0]!;
    const calls = async (): Promise<number> => ((await app.simState())['calls'] as unknown[]).length;
    await simControl(app.sim, 'POST', '/sip/refuse', { seconds: 12 });
    await simControl(app.sim, 'POST', `/sip/agents/${agent.phone}/drop`, { mode: 'both' });
    await page.locator('[data-testid=connection][data-state=phone-offline]').waitFor({ timeout: 15_000 });
    const before = await calls();
    await page.locator('input[name=number]').fill('099 765 113');
    await page.getByTestId('call-button').click();
    const banner = page.locator('.agent-home [role=alert]').filter({ hasText: /Realizar llamada/u });
    await banner.waitFor({ timeout: 5_000 });
    // Said as the refusal it is, without the heading of an error inside the application.
    expect(await banner.textContent()).toBe('Realizar llamada: su teléfono no está conectado a la plataforma, que para hacer la llamada llama primero a su teléfono; la llamada no se hizo. Espere a que el encabezado diga «Conectado» y pulse «Llamar» otra vez.');
    expect(await calls()).toBe(before);
    expect(await page.locator('input[name=number]').inputValue()).toBe('099 765 113');
    await screenshotsInBothLanguages(page, 'phone-away-make-call');
    await chooseLanguage(page, 'en');
    expect(await page.locator('.agent-home [role=alert]').textContent()).toMatch(/Make Call: your phone is not connected to the platform/u);
    await chooseLanguage(page, 'es');
    expect(await page.locator('[data-testid=connection]').getAttribute('data-state')).toBe('phone-offline');

    await phoneOnline(page);
    const notPlaced = page.getByTestId('call-not-placed');
    await notPlaced.waitFor({ timeout: 15_000 });
    expect(await banner.count()).toBe(0);
    expect(await notPlaced.textContent()).toBe('Su teléfono está conectado de nuevo, pero la llamada a 099 765 113 no se realizó. Pulse «Llamar» para intentarlo otra vez.');
    await screenshotsInBothLanguages(page, 'phone-back-call-not-placed');
    const call = await dialFromPad(app, '099765113');
    expect(await notPlaced.count()).toBe(0);
    await page.getByTestId('hang-up').click();
    await disposeInForm(page, call.guid, 'Resuelto');
  });
});

describe('the platform lost her phone\'s registration, the phone unaware', () => {
  it('Make Call is taken but her phone never rings: a line says so after the wait, the phone registers again, and the next call goes through', { timeout: 90_000 }, async () => {
    const { page } = app;
    const agent = app.agents[0]!;
    const registered = async (): Promise<boolean> =>
      ((await simControl(app.sim, 'GET', '/sip/registrations')) as { phone: string }[]).some((r) => r.phone === agent.phone);
    expect(await simControl(app.sim, 'DELETE', `/sip/registrations/${agent.phone}`)).toEqual({ phone: agent.phone, forgotten: true });
    expect(await registered()).toBe(false);
    await page.locator('input[name=number]').fill('099 765 114');
    await page.getByTestId('call-button').click();
    // The platform took Make Call and failed it at once: her phone was not registered there.
    const failed = await until(async () => (await simCalls(app)).find((c) => c.destination === '099765114'), 'the simulator holds the Make Call');
    expect(failed).toMatchObject({ status: 'ended', endedBy: 'failed', cause: `phone ${agent.phone} is not registered` });
    expect(await header().getAttribute('data-state')).toBe('online');
    const notRung = page.getByTestId('call-did-not-ring');
    await notRung.waitFor({ timeout: 20_000 });
    expect(await notRung.textContent()).toBe('Realizar llamada: la plataforma aceptó la llamada a 099 765 114, pero su teléfono no ha sonado en 10 s, así que la llamada no le llegó. Puede que la plataforma haya perdido el registro de su teléfono; el teléfono se registra de nuevo. Pulse «Llamar» para intentarlo otra vez.');
    // The number is back in the field, so "press Call" is all it takes.
    expect(await page.locator('input[name=number]').inputValue()).toBe('099 765 114');
    await until(registered, 'the phone registers again at the platform');
    await screenshotsInBothLanguages(page, 'make-call-did-not-ring');
    await chooseLanguage(page, 'en');
    expect(await notRung.textContent()).toMatch(/^Make Call: the platform took the call to 099 765 114, but your phone has not rung in 10 s/u);
    await chooseLanguage(page, 'es');

    const call = await dialFromPad(app, '099765114');
    expect(await notRung.count()).toBe(0);
    await page.getByTestId('hang-up').click();
    await disposeInForm(page, call.guid, 'Resuelto');
  });
});

describe('a reload while the platform\'s API is away', () => {
  it('says why the campaigns could not be listed in the agent\'s language, and the line goes once the API is back', { timeout: 90_000 }, async () => {
    const { page } = app;
    const problem = page.getByTestId('setup-problem');
    apiProxy.cut();
    await apiProxy.refuse();
    try {
      await page.reload();
      await problem.waitFor({ timeout: 30_000 });
      const spanish = (await problem.textContent()) ?? '';
      expect(spanish).toMatch(/^Llamadas: Listar campañas: /u);
      expect(spanish).not.toMatch(/Get Campaigns|could not|platform|Check/u);
      // Not "ask your supervisor": the campaigns are there, the platform could not be asked.
      expect(await page.locator('.dial-pad .hint').first().textContent()).toBe('Las campañas no se pudieron leer (vea el aviso). Se volverán a pedir cuando la plataforma responda.');
      await screenshotsInBothLanguages(page, 'platform-away-reload');
      await chooseLanguage(page, 'en');
      expect(await problem.textContent()).toMatch(/^Calls: Get Campaigns: /u);
      await chooseLanguage(page, 'es');
    } finally {
      await apiProxy.restore();
    }
    await problem.waitFor({ state: 'detached', timeout: 30_000 });
    await page.locator('.dial-pad select[name=campaign]').waitFor();
  });
});
