// Click to dial in the browser host: links go through host.secondInstance(argv),
// the same router entry Electron's second-instance handler feeds. A good link
// puts the normalised number in the dial field (held until sign-in when it
// comes first); a malformed one is shown and never dialled, even with "dial
// immediately" on; with it on, a good link places the call. Also: the settings
// panel shows IT-locked settings read-only, and "Copy diagnostics" copies text
// without secrets. Screenshots of the panel and the notice in both languages.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handOverToRunningHost } from '../../main/browser-host/second-launch';
import { POLICY_ENV_VAR } from '../../main/services/policy';
import { chooseLanguage, openAdvanced, phoneOnline, screenshot, signIn, startApp, type E2EApp } from './harness';

let app: E2EApp;
let policyDir: string;
const previousPolicyEnv = process.env[POLICY_ENV_VAR];
// A Windows/Linux second launch: executable, a flag Chromium adds, then the link.
const launch = (link: string) => ['/opt/Agent Softphone/agent-softphone', '--original-process-start-time=13300000000', link];

beforeAll(async () => {
  policyDir = mkdtempSync(join(tmpdir(), 'dial-link-policy-'));
  const policyFile = join(policyDir, 'policy.json');
  writeFileSync(policyFile, JSON.stringify({
    values: { autostart: false, closeToTray: true, sipWsUrlTemplate: 'wss://{host}:8089/ws' },
    locked: ['autostart', 'closeToTray', 'sipWsUrlTemplate'],
  }));
  process.env[POLICY_ENV_VAR] = policyFile;
  app = await startApp({ demo: true });
  await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.host.origin });
});

afterAll(async () => {
  await app?.close();
  if (previousPolicyEnv === undefined) Reflect.deleteProperty(process.env, POLICY_ENV_VAR);
  else process.env[POLICY_ENV_VAR] = previousPolicyEnv;
  rmSync(policyDir, { recursive: true, force: true });
});

const dialField = () => app.page.locator('[data-testid=dial-form] input[name=number]');
const notice = () => app.page.getByTestId('dial-link-notice');

async function makeCallRequests(): Promise<number> {
  const requests = (await app.simState())['requests'] as { operation: string }[];
  return requests.filter((request) => request.operation === 'makeCall').length;
}

describe('click to dial through the second-instance entry point', () => {
  it('holds a link that comes before sign-in, then puts the normalised number in the dial field', async () => {
    expect(app.host.secondInstance(launch('tel:+598-99-123-456'))).toMatchObject({ kind: 'dial', number: '+59899123456' });
    await expect.poll(() => notice().textContent()).toContain('+59899123456');
    // The sign-in form shows the SIP address IT locked as read-only.
    await openAdvanced(app.page);
    expect(await app.page.locator('input[name=sipUrl]').getAttribute('readonly')).not.toBeNull();
    expect(await app.page.locator('input[name=instanceUrl]').getAttribute('readonly')).toBeNull();

    await signIn(app);
    await expect.poll(() => dialField().inputValue(), { timeout: 15_000 }).toBe('+59899123456');
    expect(await notice().count()).toBe(0);
  });

  it('a later link replaces the number, with its extension', async () => {
    expect(app.host.secondInstance(launch('callto://099%20123%20456;ext=12'))?.kind).toBe('dial');
    await expect.poll(() => dialField().inputValue()).toBe('099123456 ext. 12');
    expect(await makeCallRequests()).toBe(0);
  });

  it('a second launch hands its link to the running host over loopback (as npm start --open-link does)', async () => {
    expect(await handOverToRunningHost(app.dataDir, launch('tel:0800-1234'))).toBe('handed-over');
    await expect.poll(() => dialField().inputValue()).toBe('08001234');
    expect(await makeCallRequests()).toBe(0);
  });

  it('shows a malformed link and never dials it, even with "dial immediately" on', async () => {
    await phoneOnline(app.page);
    await app.page.getByTestId('open-workstation-settings').click();
    const panel = app.page.getByTestId('workstation-settings');
    await panel.locator('input[name=dialImmediately]').check();
    await expect.poll(async () => (await app.host.services.settings.get()).dialImmediately).toBe(true);
    await panel.locator('button.button-primary').click();

    await dialField().fill('');
    expect(app.host.secondInstance(launch('tel:555-CALL-NOW'))).toMatchObject({ kind: 'invalid', reason: 'letters' });
    await expect.poll(() => notice().textContent()).toContain('tel:555-CALL-NOW');
    expect(await dialField().inputValue()).toBe('');
    expect(await makeCallRequests()).toBe(0);
  });

});

describe('workstation settings and diagnostics', () => {
  it('shows IT-locked settings read-only with a note, in both languages', async () => {
    for (const language of ['en', 'es'] as const) {
      await chooseLanguage(app.page, language);
      await app.page.getByTestId('open-workstation-settings').click();
      const panel = app.page.getByTestId('workstation-settings');
      expect(await panel.locator('input[name=autostart]').isDisabled()).toBe(true);
      expect(await panel.locator('input[name=closeToTray]').isDisabled()).toBe(true);
      expect(await panel.locator('input[name=dialImmediately]').isDisabled()).toBe(false);
      // The two IT locked, and the form address, which the browser version takes from IT's policy only (issue 21).
      expect(await panel.locator('.locked-note').filter({ hasText: language === 'en' ? 'Set by your IT' : 'Definido por su departamento de TI' }).count()).toBe(2);
      expect(await panel.locator('.locked-note').filter({ hasText: language === 'en' ? "IT's policy file" : 'archivo de política de TI' }).count()).toBe(1);
      await screenshot(app.page, `workstation-settings-${language}`);
      await app.page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
    }
  });

  it('saves the call shortcuts with the button beside them (or Enter in a field); the footer holds Close alone, as every other setting saves as it changes', async () => {
    await chooseLanguage(app.page, 'es');
    await app.page.getByTestId('open-workstation-settings').click();
    const panel = app.page.getByTestId('workstation-settings');
    expect(await panel.locator('.dialog-actions button').allTextContents()).toEqual(['Cerrar']);
    const save = panel.locator('fieldset').filter({ has: app.page.locator('input[name=answerShortcut]') }).getByTestId('save-shortcuts');
    expect(await save.textContent()).toBe('Guardar atajos');
    await panel.locator('input[name=answerShortcut]').fill('Control+Alt+F9');
    await save.click();
    await expect.poll(async () => (await app.host.services.settings.get()).answerShortcut).toBe('Control+Alt+F9');
    await panel.locator('input[name=hangUpShortcut]').fill('Control+Alt+F10');
    await panel.locator('input[name=hangUpShortcut]').press('Enter');
    await expect.poll(async () => (await app.host.services.settings.get()).hangUpShortcut).toBe('Control+Alt+F10');
    await save.scrollIntoViewIfNeeded();
    await screenshot(app.page, 'workstation-settings-shortcuts-es');
    await app.page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });

  it('shows an invalid link in both languages', async () => {
    for (const language of ['en', 'es'] as const) {
      await chooseLanguage(app.page, language);
      app.host.secondInstance(launch('sip:alice@example.com'));
      await expect.poll(() => notice().textContent()).toContain(language === 'en' ? 'names a person' : 'indica una persona');
      await screenshot(app.page, `dial-link-invalid-${language}`);
    }
  });

  it('copies diagnostics without secrets', async () => {
    const agent = app.agents[0]!;
    await app.page.locator('.help-menu summary').click();
    await app.page.getByTestId('copy-diagnostics').click();
    await app.page.locator('.help-menu [role=status]').waitFor();
    await screenshot(app.page, 'help-menu-copied-es');
    const text = await app.page.evaluate(() => navigator.clipboard.readText());
    expect(text).toContain('diagnostics');
    expect(text).toContain('locked: autostart, closeToTray, sipWsUrlTemplate');
    expect(text).toContain(`as ${agent.agent}`);
    expect(text).not.toContain(agent.password);
  });
});

describe('dial immediately', () => {
  it('with "dial immediately" on, a good link places the call through Make Call', async () => {
    await app.page.getByTestId('dial-link-notice').getByRole('button').click();
    const campaign = app.page.locator('[data-testid=dial-form] select[name=campaign]');
    await campaign.waitFor();
    app.host.secondInstance(launch('tel:2001'));
    await expect.poll(makeCallRequests, { timeout: 15_000 }).toBe(1);
    const requests = (await app.simState())['calls'] as { destination?: string }[] | undefined;
    expect(JSON.stringify(requests)).toContain('2001');
  });
});
