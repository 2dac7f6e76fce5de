// Issue 3 "Done when": sign in with a seeded agent, see name and extension,
// sign out with a message; a wrong password shows the error; the simulator
// saw the session open and close (Log Out with agent, SIP/<phone>, message).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, fillSignIn, screenshot, signIn, signOut, simControl, startApp, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

interface SimAgent { accountcode: string; loggedIn: boolean; fullname: string; name: string }
interface SimLogout { agent: string; interface: string; message: string }

describe('sign-in and sign-out against the simulator', () => {
  it('shows the error next to the password for a wrong password, and the platform saw no session', async () => {
    const agent = app.agents[0]!;
    await fillSignIn(app.page, { instanceUrl: app.sim.baseUrl, agent: agent.agent, password: 'not-the-password' });
    const error = app.page.getByTestId('error-password');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/incorrect|wrong/i);
    expect(await app.page.locator('input[name=password]').getAttribute('aria-invalid')).toBe('true');
    // The button was clicked; the focus moved to the emptied password, so she retypes at once.
    expect(await app.page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    const state = await app.simState();
    expect((state['agents'] as SimAgent[]).find((a) => a.accountcode === agent.agent)?.loggedIn).toBe(false);
  });

  it('shows an unreachable instance next to the address field, the whole text in the chosen language', async () => {
    const agent = app.agents[0]!;
    const before = await app.page.evaluate(() => document.documentElement.lang);
    await chooseLanguage(app.page, 'es');
    await fillSignIn(app.page, { instanceUrl: 'http://127.0.0.1:9', agent: agent.agent, password: agent.password });
    const error = app.page.getByTestId('error-instanceUrl');
    await error.waitFor();
    const spanish = await error.textContent();
    expect(await app.page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('instanceUrl');
    expect(spanish).toContain('No se pudo conectar con la instancia. Autenticación de agente: se rechazó la conexión (nada escucha en esa dirección).');
    expect(spanish).not.toMatch(/Check|the connection|Agent Authentication/);
    await screenshot(app.page, 'sign-in-unreachable-es');
    await chooseLanguage(app.page, 'en'); // the shown error follows the language
    expect(await error.textContent()).toContain('The instance could not be reached. Agent Authentication: the connection was refused (nothing listens at that address).');
    await screenshot(app.page, 'sign-in-unreachable-en');
    await chooseLanguage(app.page, before === 'en' ? 'en' : 'es');
  });

  it('shows a platform that answers an HTML error page as a platform error above the form', async () => {
    const agent = app.agents[0]!;
    await simControl(app.sim, 'POST', '/faults', { operation: 'agentLogin', kind: 'html' });
    await fillSignIn(app.page, { instanceUrl: app.sim.baseUrl, agent: agent.agent, password: agent.password });
    const error = app.page.getByTestId('error-form');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/plataforma respondió con un error|platform answered/i);
    await simControl(app.sim, 'DELETE', '/faults');
  });

  it('signs in, shows the agent name and extension, then signs out with a message the platform saves', async () => {
    const agent = app.agents[0]!;
    await signIn(app);
    const state = await app.simState();
    const record = (state['agents'] as SimAgent[]).find((a) => a.accountcode === agent.agent)!;
    expect(record.loggedIn).toBe(true);
    expect(await app.page.getByTestId('agent-name').textContent()).toBe(record.fullname);
    expect(await app.page.getByTestId('agent-extension').textContent()).toContain(agent.phone);

    await signOut(app.page, 'Fin de turno');
    const after = await app.simState();
    expect((after['agents'] as SimAgent[]).find((a) => a.accountcode === agent.agent)?.loggedIn).toBe(false);
    expect(after['logouts'] as SimLogout[]).toContainEqual(expect.objectContaining({ agent: agent.agent, interface: `SIP/${agent.phone}`, message: 'Fin de turno' }));
  });
});
