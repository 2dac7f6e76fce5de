// A finished call whose disposition was not recorded is not lost at sign-out
// (issue 4, "no lost data"): the sign-out dialog says how many calls still
// need one and offers to record them first; signing out anyway keeps them in
// main (outbox/wrapups.json), and the next sign-in shows the form for that
// GUID, whose disposition then reaches the simulator; a discarded one is
// forgotten after a confirmation. Screenshots of the
// warning in both languages (docs/screenshots with UPDATE_SCREENSHOTS=1).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, screenshot, signIn, startSignedIn, type E2EApp } from './harness';
import { panelState, simCalls, simDispositions, until } from './calls-kit';

let app: E2EApp;
beforeAll(async () => {
  app = await startSignedIn({ viewport: { width: 1000, height: 760 } });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const keptGuids = (): string[] => {
  const text = readFileSync(join(app.dataDir, 'outbox', 'wrapups.json'), 'utf8');
  return (JSON.parse(text) as { wrapUps: { guid: string }[] }).wrapUps.map((w) => w.guid);
};

async function openSignOut(): Promise<void> {
  await app.page.locator('.app-header button').filter({ hasText: /sign out|cerrar sesión/i }).click();
  await app.page.locator('dialog[open]').waitFor();
}

describe('dispositions of finished calls at sign-out', () => {
  it('warns with the count, keeps the call through sign-out, offers its form at the next sign-in, and sends it', async () => {
    const { page } = app;
    const phone = app.agents[0]!.phone;
    await page.locator('select[name=campaign]').waitFor();
    await page.locator('input[name=number]').fill('099 765 432');
    await page.getByTestId('call-button').click();
    await panelState(page, 'active').waitFor({ timeout: 15_000 });
    const call = await until(async () => (await simCalls(app)).find((c) => c.phone === phone && c.origin === 'make-call'), 'the simulator holds the call');
    await page.getByTestId('hang-up').click();
    const form = page.locator(`[data-testid=disposition-form][data-guid="${call.guid}"]`);
    await form.waitFor();
    await until(async () => keptGuids().includes(call.guid), 'main keeps the wrap-up on disk');

    // Sign-out: the warning with the count; "Record them first" is the default (focused) and goes back to the form.
    await openSignOut();
    const dialog = page.locator('dialog[open]');
    await expect.poll(() => dialog.getByTestId('sign-out-pending').textContent()).toBe('1 llamada todavía necesita su calificación.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('sign-out-record-first');
    await screenshot(page, 'sign-out-pending-dispositions-es');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await form.waitFor();

    await chooseLanguage(page, 'en');
    await openSignOut();
    await expect.poll(() => dialog.getByTestId('sign-out-pending').textContent()).toBe('1 call still needs a disposition.');
    await screenshot(page, 'sign-out-pending-dispositions-en');

    // Sign out anyway: the call stays kept in main.
    await dialog.getByTestId('sign-out-anyway').click();
    await page.locator('input[name=agent]').waitFor({ timeout: 15_000 });
    expect(keptGuids()).toEqual([call.guid]);
    expect(await simDispositions(app)).toEqual([]);

    // The next sign-in brings the form for that call back; its disposition reaches the platform with the GUID.
    await signIn(app);
    await form.waitFor({ timeout: 15_000 });
    await form.locator('input[name=l1]').fill('Contactado');
    await form.locator('textarea[name=comment]').fill('Calificada después de volver a ingresar');
    await page.getByTestId('disposition-submit').click();
    await form.waitFor({ state: 'detached' });
    const stored = await until(async () => (await simDispositions(app)).find((d) => d.guid === call.guid), 'the simulator stores the disposition');
    expect(stored.params).toMatchObject({ guid: call.guid, agent: app.agents[0]!.agent, campaign: 'Manual->', callerid: '099765432', l1: 'Contactado' });
    expect(keptGuids()).toEqual([]);

    // A call the agent chooses not to record: discarding takes a confirmation, then main forgets it.
    await page.locator('input[name=number]').fill('099 111 222');
    await page.getByTestId('call-button').click();
    await panelState(page, 'active').waitFor({ timeout: 15_000 });
    const second = await until(async () => (await simCalls(app)).find((c) => c.guid !== call.guid && c.phone === phone && c.origin === 'make-call'), 'the simulator holds the second call');
    await page.getByTestId('hang-up').click();
    const secondForm = page.locator(`[data-testid=disposition-form][data-guid="${second.guid}"]`);
    await secondForm.waitFor();
    await until(async () => keptGuids().includes(second.guid), 'main keeps the second wrap-up');
    await secondForm.getByTestId('disposition-discard').click();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep it'); // the safe choice has the focus
    await secondForm.getByTestId('disposition-discard-confirm').click();
    await secondForm.waitFor({ state: 'detached' });
    await until(async () => keptGuids().length === 0, 'main forgets the discarded wrap-up');
    expect((await simDispositions(app)).map((d) => d.guid)).toEqual([call.guid]);

    // Nothing waits any more: the sign-out dialog is the plain one.
    await openSignOut();
    await dialog.locator('button[type=submit]:not([disabled])').waitFor();
    expect(await dialog.getByTestId('sign-out-pending').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }, 120_000);

  it('a call still up when the agent signs out is kept too, and its form comes back at the next sign-in', async () => {
    const { page } = app;
    const phone = app.agents[0]!.phone;
    const before = new Set((await simCalls(app)).map((c) => c.guid));
    await page.locator('input[name=number]').fill('099 333 444');
    await page.getByTestId('call-button').click();
    await panelState(page, 'active').waitFor({ timeout: 15_000 });
    const call = await until(async () => (await simCalls(app)).find((c) => !before.has(c.guid) && c.phone === phone && c.origin === 'make-call'), 'the simulator holds the call');

    await openSignOut();
    await page.locator('dialog[open] button[type=submit]:not([disabled])').click();
    await page.locator('input[name=agent]').waitFor({ timeout: 15_000 });
    await until(async () => keptGuids().includes(call.guid), 'main keeps the call cut by the sign-out');

    await signIn(app);
    const form = page.locator(`[data-testid=disposition-form][data-guid="${call.guid}"]`);
    await form.waitFor({ timeout: 15_000 });
    await form.locator('input[name=l1]').fill('Cortada');
    await page.getByTestId('disposition-submit').click();
    await form.waitFor({ state: 'detached' });
    const stored = await until(async () => (await simDispositions(app)).find((d) => d.guid === call.guid), 'the simulator stores the disposition');
    expect(stored.params).toMatchObject({ guid: call.guid, callerid: '099333444', l1: 'Cortada' });
    expect(keptGuids()).toEqual([]);
  }, 120_000);
});
