// When the platform refuses the phone (an administrator reset the agent's
// password while the agent was signed in, and the connection dropped), the
// agent sees why and what to do, in the chosen language, not only "Offline";
// signing in again with the new password clears it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, phoneOnline, screenshot, signIn, signOut, simControl, startApp, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('the phone refused by the platform', () => {
  it('says why in the agent area, in Spanish and English, and clears once signed in with the new password', { timeout: 60_000 }, async () => {
    const agent = app.agents[0]!;
    const problem = app.page.getByTestId('phone-problem');
    await chooseLanguage(app.page, 'es');
    await signIn(app);
    await phoneOnline(app.page);
    expect(await problem.count()).toBe(0);

    await simControl(app.sim, 'POST', `/agents/${agent.agent}/password`, { password: 'clave-nueva-2026' });
    // The connection drops and comes back: the phone registers again with the HA1 it had.
    await simControl(app.sim, 'POST', '/sip/pause');
    await simControl(app.sim, 'POST', '/sip/resume');
    await problem.waitFor({ timeout: 15_000 });
    expect(await problem.textContent()).toBe(
      'La plataforma rechazó las credenciales del teléfono (403 Forbidden). Cierre sesión y vuelva a entrar; si continúa, pida a un administrador que revise la contraseña SIP del agente.',
    );
    // The platform's API still answers: it is the phone that is off, and the header says so.
    expect(await app.page.getByTestId('connection').getAttribute('data-state')).toBe('phone-offline');
    await screenshot(app.page, 'phone-credentials-refused-es');

    await chooseLanguage(app.page, 'en');
    expect(await problem.textContent()).toMatch(/^The platform refused the phone's credentials \(403 Forbidden\)\. Sign out and in again/);

    await signOut(app.page);
    await signIn(app, { password: 'clave-nueva-2026' });
    await phoneOnline(app.page);
    expect(await problem.count()).toBe(0);
  });
});
