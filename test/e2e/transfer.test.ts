// Transfers and three-way calls (issue 22), as two agents do them: ana takes a
// customer of Cobranzas-> (she is its only member), then hands the customer to
// bruno (extension 1002) or to Soporte<- (bruno is its idle member), to an
// outside number, or talks to bruno first. Each agent has its own Chromium, so
// each microphone plays its own tone; the simulator's customer plays 440 Hz.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMicrophoneFlag, voiceLevel } from '../interop/media/customer-call';
import { customerHeard, freeAgents, openTransfer, pageLevel, panelState, simCall, until } from './calls-kit';
import { installHearingProbe, voicesHeard } from './hearing-probe';
import { screenshotsInBothLanguages, simControl, startSignedIn, type E2EApp } from './harness';
import { openOtherAgent, type OtherAgent } from './other-agent';
import { installSenderWatch, sendersReport, simLegsReport } from './send-report';
import { violationsInBothLanguages } from './axe-check';

interface SimTransfer { kind: string; by: string; target: string; outcome: string; result: number; notified: number[]; transfererLeg: string }

let app: E2EApp;
let bruno: OtherAgent;
let dir: string;

/** A Chromium flag that makes its microphone sing `hz` with vibrato (noise suppression keeps it). */
const voice = (name: string, hz: number): string => fakeMicrophoneFlag(dir, { name, frequency: hz, vibratoHz: 60 });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'transfer-e2e-'));
  app = await startSignedIn({ viewport: { width: 1100, height: 900 }, chromiumArgs: [voice('ana', 1000)] });
  bruno = await openOtherAgent(app, 1, { chromiumArgs: [voice('bruno', 1500)] });
  for (const page of [app.page, bruno.page]) {
    await installHearingProbe(page);
    await installSenderWatch(page);
  }
}, 180_000);
afterAll(async () => {
  await bruno?.close();
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  // Each case starts with both agents free, registered, and no wrap-up in the way.
  await freeAgents(app, [app.page, bruno.page]);
});

const transfers = async (): Promise<SimTransfer[]> => (await app.simState())['transfers'] as SimTransfer[];

/** A customer of Cobranzas-> calls ana (the campaign answers by itself: auto_answer); both hear each other. */
async function customerCallsAna(): Promise<string> {
  const { guid } = (await simControl(app.sim, 'POST', '/inbound-call', { campaign: 'Cobranzas->', from: '099555111', data: 'nombre=Carlos;deuda=1200' })) as { guid: string };
  await panelState(app.page, 'active').waitFor({ timeout: 15_000 });
  await until(async () => (await pageLevel(app.page)) > 0.01, 'ana hears the customer');
  return guid;
}

describe('blind transfer', () => {
  it('to a colleague: the customer waits on hold, bruno rings with the call\'s data and who sent it, and they talk; ana\'s wrap-up says where it went', { timeout: 90_000 }, async () => {
    const guid = await customerCallsAna();
    await openTransfer(app.page, '1002');
    await screenshotsInBothLanguages(app.page, 'transfer-dialog');
    expect(await violationsInBothLanguages(app.page)).toEqual([]);
    await app.page.getByTestId('transfer-search').press('Enter');
    await panelState(bruno.page, 'ringing').waitFor({ timeout: 15_000 });
    expect(await bruno.page.getByTestId('call-referred-by').textContent()).toContain('1001');
    expect(await bruno.page.getByTestId('call-details').textContent()).toContain('Carlos');
    // The platform said 200 (early, as Asterisk): ana's leg is over, her wrap-up says where the call went.
    const wrap = app.page.getByTestId('dispo-transferred');
    await wrap.waitFor({ timeout: 15_000 });
    expect(await wrap.textContent()).toMatch(/1002/u);
    await screenshotsInBothLanguages(app.page, 'transfer-wrap-up');
    await bruno.page.getByTestId('answer').first().click();
    await panelState(bruno.page, 'active').waitFor({ timeout: 15_000 });
    await until(async () => (await pageLevel(bruno.page)) > 0.01, 'bruno hears the customer');
    const call = await until(async () => {
      const c = await simCall(app, guid);
      return (c.levels?.customerReceived.rms ?? 0) > 0.01 && c.phone === '1002' ? c : null;
    }, 'the customer hears bruno');
    expect(call.status).toBe('active');
    const [last] = (await transfers()).slice(-1);
    expect(last).toMatchObject({ kind: 'blind', by: '1001', outcome: 'completed', transfererLeg: 'bye-received' });
    await bruno.page.getByTestId('hang-up').click();
    await app.page.getByTestId('recent-calls').locator(':scope > summary').click();
    expect(await app.page.getByTestId('recent-call').first().textContent()).toMatch(/1002/u);
  });
});

describe('blind transfer, other targets', () => {
  it("to a campaign of the call's transferCampaigns, shown by name: its idle member rings with the campaign's CTI", async () => {
    await customerCallsAna();
    await openTransfer(app.page, 'sop');
    const choices = app.page.getByTestId('transfer-choice');
    expect(await choices.allTextContents()).toEqual([expect.stringContaining('Soporte<-')]);
    await app.page.getByTestId('transfer-blind').click();
    await panelState(bruno.page, 'ringing').waitFor({ timeout: 15_000 });
    expect(await bruno.page.getByTestId('call-campaign').textContent()).toContain('Soporte<-');
    await app.page.getByTestId('dispo-transferred').waitFor({ timeout: 15_000 });
    expect(await app.page.getByTestId('dispo-transferred').textContent()).toContain('Soporte<-');
    await bruno.page.getByTestId('reject').first().click();
  });

  it('to a busy number: the platform had moved the customer (Asterisk), so the screen says the call has ended and opens its wrap-up', async () => {
    const guid = await customerCallsAna();
    await openTransfer(app.page, '26000486');
    await app.page.getByTestId('transfer-search').press('Enter');
    const said = app.page.getByTestId('transfer-said');
    await said.waitFor({ timeout: 15_000 });
    expect(await said.textContent()).toMatch(/ocupad|busy/iu);
    expect(await said.textContent()).toMatch(/terminó|has ended/iu);
    await app.page.locator('[data-testid=disposition-form]').waitFor({ timeout: 10_000 });
    expect((await transfers()).slice(-1)[0]).toMatchObject({ target: expect.stringContaining('26000486'), result: 486 });
    await until(async () => (await simCall(app, guid)).status !== 'active' || null, 'the platform ended the customer\'s call');
    await screenshotsInBothLanguages(app.page, 'transfer-failed');
  });

  it('to an extension nobody has: nothing moved, the customer is back with ana (resumed) and she is told why', async () => {
    const guid = await customerCallsAna();
    await openTransfer(app.page, '1099');
    await app.page.getByTestId('transfer-search').press('Enter');
    const said = app.page.getByTestId('transfer-said');
    await said.waitFor({ timeout: 15_000 });
    expect(await said.textContent()).toMatch(/no existe|does not exist/iu);
    await panelState(app.page, 'active').waitFor({ timeout: 10_000 });
    await until(async () => (await pageLevel(app.page)) > 0.01, 'ana hears the customer again');
    expect((await simCall(app, guid)).status).toBe('active');
    await screenshotsInBothLanguages(app.page, 'transfer-not-found');
    await app.page.getByTestId('hang-up').click();
  });

  it('to an outside number that answers: done, and the customer is with the number', async () => {
    const guid = await customerCallsAna();
    await openTransfer(app.page, '099 777 888');
    await app.page.getByTestId('transfer-search').press('Enter');
    await app.page.getByTestId('dispo-transferred').waitFor({ timeout: 20_000 });
    expect(await app.page.getByTestId('dispo-transferred').textContent()).toContain('099777888');
    await until(async () => ((await simCall(app, guid)).phone ?? '') === '' || null, 'no agent left on the call');
    await simControl(app.sim, 'POST', `/calls/${guid}/hangup`, {});
  });
});

describe('bad input loses nothing', () => {
  it('an empty or malformed target cannot be sent, and says why; Escape leaves the call as it was', async () => {
    await customerCallsAna();
    await openTransfer(app.page, 'sip:1002@evil');
    expect(await app.page.getByTestId('transfer-problem').textContent()).toMatch(/interno|extension/iu);
    expect(await app.page.getByTestId('transfer-blind').isDisabled()).toBe(true);
    // A name, as the field's label invites, that the directory does not hold: she is told to type the extension.
    await app.page.getByTestId('transfer-search').fill('bruno');
    expect(await app.page.getByTestId('transfer-problem').textContent()).toBe('Nadie del directorio tiene ese nombre. Escriba el interno de su compañero (hasta 5 dígitos) o un número de teléfono (6 a 20 dígitos).');
    expect(await app.page.getByTestId('transfer-blind').isDisabled()).toBe(true);
    await app.page.getByTestId('transfer-search').fill('sip:1002@evil');
    await app.page.getByTestId('transfer-search').press('Enter');
    await app.page.keyboard.press('Escape');
    await app.page.getByTestId('transfer-dialog').waitFor({ state: 'detached' });
    expect(await app.page.getByTestId('call-panel').getAttribute('data-state')).toBe('active');
    const before = (await transfers()).length;
    // A double click on "Transfer now" sends one REFER (to an extension nobody has: the customer stays).
    await openTransfer(app.page, '1099');
    await app.page.getByTestId('transfer-blind').dblclick();
    await app.page.getByTestId('transfer-said').waitFor({ timeout: 15_000 });
    expect((await transfers()).length).toBe(before + 1);
    // The dialog stayed until the phone took the transfer: the second click landed on nothing below it (the dial pad).
    expect(await app.page.locator('input[name=number]').inputValue()).toBe('');
    await app.page.getByTestId('hang-up').click();
  });

  it('while the SIP connection is down: refused at once, the call untouched', async () => {
    const guid = await customerCallsAna();
    await simControl(app.sim, 'POST', '/sip/pause');
    try {
      await until(async () => (await app.page.getByTestId('connection').getAttribute('data-state')) !== 'online', 'the phone sees it is offline');
      await openTransfer(app.page, '1002');
      await app.page.getByTestId('transfer-search').press('Enter');
      const said = app.page.getByTestId('transfer-said');
      await said.waitFor({ timeout: 10_000 });
      expect(await said.textContent()).toMatch(/conexi|connection/iu);
      expect(await app.page.getByTestId('call-panel').getAttribute('data-state')).toBe('active');
    } finally {
      await simControl(app.sim, 'POST', '/sip/resume');
    }
    expect((await simCall(app, guid)).status).toBe('active');
    await until(async () => (await app.page.getByTestId('connection').getAttribute('data-state')) === 'online', 'back online', 20_000);
    // Bruno's phone lost the server too: the next case needs him registered again (the next consultation rings him).
    await until(async () => (await bruno.page.getByTestId('connection').getAttribute('data-state')) === 'online', 'bruno back online', 20_000);
    await app.page.getByTestId('hang-up').click();
  });
});

describe('attended transfer', () => {
  it('ana talks to bruno first (the customer on hold), swaps, then completes: bruno has the customer', { timeout: 90_000 }, async () => {
    const guid = await customerCallsAna();
    await openTransfer(app.page, '1002');
    await app.page.getByTestId('transfer-search').press('Control+Enter');
    await app.page.getByTestId('consultation-card').waitFor({ timeout: 10_000 });
    await panelState(bruno.page, 'ringing').waitFor({ timeout: 15_000 });
    await bruno.page.getByTestId('answer').first().click();
    await until(async () => !(await app.page.getByTestId('consult-complete').isDisabled()), 'bruno answered');
    await until(async () => (await pageLevel(bruno.page)) > 0.01, 'bruno hears ana');
    await screenshotsInBothLanguages(app.page, 'transfer-consultation');
    expect(await violationsInBothLanguages(app.page)).toEqual([]);
    await app.page.getByTestId('consult-swap').click();
    await until(async () => (await app.page.getByTestId('call-who').textContent())?.includes('099555111') ?? false, 'ana talks to the customer again');
    await app.page.getByTestId('consult-swap').click();
    await app.page.getByTestId('consult-complete').click();
    await app.page.getByTestId('dispo-transferred').waitFor({ timeout: 15_000 });
    const call = await until(async () => {
      const c = await simCall(app, guid);
      return c.phone === '1002' ? c : null;
    }, 'the platform bridged the customer to bruno');
    expect(call.status).toBe('active');
    await until(async () => (await pageLevel(bruno.page)) > 0.01, 'bruno hears the customer');
    await bruno.page.getByTestId('hang-up').click();
  });

  it('cancel: the consultation ends and ana is back with the customer', async () => {
    const guid = await customerCallsAna();
    await openTransfer(app.page, '1002');
    await app.page.getByTestId('transfer-consult').click();
    await panelState(bruno.page, 'ringing').waitFor({ timeout: 15_000 });
    await bruno.page.getByTestId('answer').first().click();
    await until(async () => !(await app.page.getByTestId('consult-complete').isDisabled()), 'bruno answered');
    await app.page.getByTestId('consult-cancel').click();
    await app.page.getByTestId('consultation-card').waitFor({ state: 'detached', timeout: 10_000 });
    await panelState(app.page, 'active').waitFor({ timeout: 10_000 });
    await until(async () => (await pageLevel(app.page)) > 0.01, 'ana hears the customer again');
    expect((await simCall(app, guid)).phone).toBe('1001');
    await app.page.getByTestId('hang-up').click();
  });
});

/** The three voices: the simulator's customer (a steady tone), ana's and bruno's microphones (tones with vibrato). */
const CUSTOMER_HZ = 440;
const ANA_HZ = 1_000;
const BRUNO_HZ = 1_500;
/** A voice counts as heard above this RMS (the level the meters' checks use). */
const HEARD = 0.01;
/**
 * A party's own voice back at its end stays under this: the band of a voice nobody sends there
 * still reads ~0.002 (G.711's quantisation noise and the other voices' spectral leakage), while
 * an echo of one's own voice through the mix would read like the others (~0.07).
 */
const NOT_HEARD = 0.005;

/**
 * Each party hears the other two and not itself, told apart by voice: at the
 * customer (the last seconds the simulator's customer heard, from its leg)
 * and at each agent's page (what its <audio> elements play).
 */
async function expectEachEndHearsTheOtherTwo(guid: string): Promise<void> {
  // Let the customer's 3 s of recent audio fill with the mix only.
  await new Promise((done) => setTimeout(done, 3_500));
  const samples = await customerHeard(app, guid);
  const atCustomer = Object.fromEntries([CUSTOMER_HZ, ANA_HZ, BRUNO_HZ].map((hz) => [hz, voiceLevel(samples, 8_000, { name: String(hz), frequency: hz, vibratoHz: hz === CUSTOMER_HZ ? 0 : 60 })]));
  const anaHeard = await voicesHeard(app.page, [CUSTOMER_HZ, ANA_HZ, BRUNO_HZ]);
  const brunoHeard = await voicesHeard(bruno.page, [CUSTOMER_HZ, ANA_HZ, BRUNO_HZ]);
  const [atAna, atBruno] = [anaHeard.voices, brunoHeard.voices];
  const show = (at: Record<number, number>): string => `customer ${at[CUSTOMER_HZ]?.toFixed(3)}, ana ${at[ANA_HZ]?.toFixed(3)}, bruno ${at[BRUNO_HZ]?.toFixed(3)}`;
  process.stderr.write(`e2e: three-way voices (RMS of each band) heard by the customer: ${show(atCustomer)}; by ana: ${show(atAna)}; by bruno: ${show(atBruno)}; ana's audio elements: ${anaHeard.elements.join(' | ')}; bruno's: ${brunoHeard.elements.join(' | ')}; probe rendered ${Math.round(anaHeard.renderedMs)} of ${Math.round(anaHeard.listenedMs)} ms at ana, ${Math.round(brunoHeard.renderedMs)} of ${Math.round(brunoHeard.listenedMs)} ms at bruno\n`);
  // Where each voice went: what each page's senders carried, and each simulator leg's packets (the CI's load once left bruno hearing nothing).
  process.stderr.write(`e2e: three-way senders at ana: ${await sendersReport(app.page)}; at bruno: ${await sendersReport(bruno.page)}; simulator legs: ${await simLegsReport(app)}\n`);
  expect({ ana: atCustomer[ANA_HZ]! > HEARD, bruno: atCustomer[BRUNO_HZ]! > HEARD, itself: atCustomer[CUSTOMER_HZ]! < NOT_HEARD }).toEqual({ ana: true, bruno: true, itself: true });
  expect({ customer: atAna[CUSTOMER_HZ]! > HEARD, bruno: atAna[BRUNO_HZ]! > HEARD, herself: atAna[ANA_HZ]! < NOT_HEARD }).toEqual({ customer: true, bruno: true, herself: true });
  expect({ customer: atBruno[CUSTOMER_HZ]! > HEARD, ana: atBruno[ANA_HZ]! > HEARD, himself: atBruno[BRUNO_HZ]! < NOT_HEARD }).toEqual({ customer: true, ana: true, himself: true });
}

describe('three-way call', () => {
  it('each party hears the other two and not itself, told apart by voice at each end; with ana muted the customer still hears bruno and bruno the customer; then ana leaves them talking', { timeout: 150_000 }, async () => {
    const guid = await customerCallsAna();
    const microphoneLine = app.page.getByTestId('call-devices').first();
    const microphone = await microphoneLine.getAttribute('data-microphone');
    await openTransfer(app.page, '1002');
    await app.page.getByTestId('transfer-search').press('Control+Enter');
    await panelState(bruno.page, 'ringing').waitFor({ timeout: 15_000 });
    await bruno.page.getByTestId('answer').first().click();
    await until(async () => !(await app.page.getByTestId('consult-conference').isDisabled()), 'bruno answered');
    const clickedAt = Date.now();
    await app.page.getByTestId('consult-conference').click();
    await app.page.getByTestId('conference-card').waitFor({ timeout: 10_000 }).then(() => process.stderr.write(`e2e: the conference card ${Date.now() - clickedAt} ms after the click\n`)).catch(async (error: unknown) => {
      // Say what the page showed instead (an error, the consultation's state), not only that the card never came.
      const said = await app.page.locator('[role=alert], [role=status]').allTextContents().catch(() => []);
      const card = await app.page.getByTestId('consultation-card').getAttribute('data-state').catch(() => null);
      throw new Error(`the conference card did not appear within 10 s; the page said: ${JSON.stringify(said)}; consultation card: ${card}; ${String(error)}`);
    });
    // The phone's default mixer in Chromium is the frame mixer, mixing in its worker (built as mix-worker-<hash>.js).
    await until(async () => app.page.workers().some((worker) => /\/mix-worker-[\w-]+\.js$/.test(worker.url())) || null, "ana's conference mixing in its worker");
    await screenshotsInBothLanguages(app.page, 'transfer-conference');
    expect(await violationsInBothLanguages(app.page)).toEqual([]);
    await expectEachEndHearsTheOtherTwo(guid);
    // The call still names ana's microphone, not the mix her calls now send (a track named by a random id).
    expect(await microphoneLine.getAttribute('data-microphone')).toBe(microphone);
    // Ana silent: whatever the customer hears now comes from bruno, through ana's mix; and the other way.
    await app.page.getByTestId('mute').click();
    // Her meter shows her microphone, silent while muted, not the mix of the two parties' voices.
    await until(async () => Number(await app.page.getByTestId('local-level').first().getAttribute('data-level')) === 0 || null, "ana's meter at 0 while muted");
    const before = (await simCall(app, guid)).levels?.customerReceived.packets ?? 0;
    const heard = await until(async () => {
      const c = await simCall(app, guid);
      return (c.levels?.customerReceived.packets ?? 0) > before + 50 && (c.levels?.customerReceived.rms ?? 0) > 0.01 ? c : null;
    }, 'the customer hears bruno while ana is muted');
    expect(heard.levels?.customerReceived.rms).toBeGreaterThan(0.01);
    await until(async () => (await pageLevel(bruno.page)) > 0.01, 'bruno hears the customer');
    await app.page.getByTestId('mute').click();
    await app.page.getByTestId('conference-leave').click();
    await app.page.getByTestId('dispo-transferred').waitFor({ timeout: 15_000 });
    await until(async () => ((await simCall(app, guid)).phone === '1002') || null, 'the customer stays with bruno');
    await bruno.page.getByTestId('hang-up').click();
  });
});
