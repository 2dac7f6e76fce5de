// The sign-in and sign-out flows work from the keyboard alone, every control
// has a label, and focus is visible.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneOnline, simControl, startApp, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp({ demo: true });
});
afterAll(async () => {
  await app?.close();
});

/** What has focus: the input's name, or the element's tag and text. */
const focused = () =>
  app.page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    return el.getAttribute('name') ?? `${el.tagName.toLowerCase()}:${(el.textContent ?? '').trim().slice(0, 20)}`;
  });

describe('keyboard and labels', () => {
  it('every form control on the sign-in screen has a label', async () => {
    const unlabelled = await app.page.evaluate(() =>
      [...document.querySelectorAll('input, select, button, textarea')]
        .filter((el) => {
          const control = el as HTMLInputElement;
          const labelled = (control.labels?.length ?? 0) > 0 || control.getAttribute('aria-label') || (el.tagName === 'BUTTON' && el.textContent?.trim());
          return !labelled;
        })
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(unlabelled).toEqual([]);
  });

  it('opens with the focus where typing starts: the first empty field (the demo fills the instance and the agent)', async () => {
    expect(await app.page.locator('input[name=agent]').inputValue()).not.toBe('');
    expect(await app.page.locator('input[name=password]').inputValue()).toBe('');
    expect(await focused()).toBe('password');
  });

  it('tabs through the sign-in form in order, with a visible focus ring', async () => {
    const page = app.page;
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    const order: string[] = [];
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      order.push(await focused());
    }
    // The workstation tools (settings, help) sit before the language switch, as in the signed-in header;
    // the Agent/Supervisor choice is one stop (a radio group: arrows move inside it).
    expect(order).toEqual(['button:Ajustes', 'summary:Ayuda', 'select:EspañolEnglish', 'role', 'instanceUrl', 'agent', 'password', 'remember', 'summary:Avanzado', 'button:Ingresar']);
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe('solid');
  });

  it('signs in with Enter, and signs out through the dialog with the keyboard', async () => {
    const page = app.page;
    await page.locator('input[name=agent]').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('agent-name').waitFor();
    // The sign-in form went with the focus: the welcome heading takes it (announced; Tab goes on from there).
    await expect.poll(focused).toMatch(/^h1:Bienvenido/u);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.agent-home') !== null)).toBe(true);
    // The heading is a resting place: a call that rings takes the focus from it (Tab reaches Answer from there).
    await page.getByRole('heading', { level: 1 }).focus();
    await phoneOnline(page);
    const { guid } = (await simControl(app.sim, 'POST', '/inbound-call', { campaign: 'Soporte<-', from: '099444555' })) as { guid: string };
    await page.locator('[data-testid=call-panel][data-state=ringing]').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('call-panel');
    await simControl(app.sim, 'POST', `/calls/${guid}/hangup`, {});
    await page.getByTestId('call-panel').waitFor({ state: 'detached' });
    // The caller gave up: the panel went with the focus, which goes on to the number to dial (to call back).
    await expect.poll(focused).toBe('number');

    const signOutButton = page.locator('.app-header button').filter({ hasText: /cerrar sesión|sign out/i });
    await signOutButton.focus();
    await page.keyboard.press('Enter');
    await page.locator('dialog[open]').waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
    expect(await page.getByTestId('agent-name').isVisible()).toBe(true);

    await signOutButton.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('Descanso');
    await page.keyboard.press('Enter');
    await page.locator('input[name=agent]').waitFor();
    // Back at the sign-in screen after a shift, the first field still to fill has the focus.
    await expect.poll(focused).toBe('password');
    const logouts = (await app.simState())['logouts'] as { message: string }[];
    expect(logouts.at(-1)?.message).toBe('Descanso');
  });
});
