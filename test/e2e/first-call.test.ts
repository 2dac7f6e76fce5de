// The first call of a shift can come before the app has listed the agent's
// campaigns (the phone registers first; a slow platform answers Get Campaigns
// seconds later): a call of an auto-answer campaign rings meanwhile, and is
// answered by itself once the list says its campaign asks for that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageLevel, panelState, until } from './calls-kit';
import { phoneOnline, screenshotsInBothLanguages, signIn, simControl, startApp, type E2EApp } from './harness';

let app: E2EApp;

beforeAll(async () => {
  app = await startApp({ viewport: { width: 1100, height: 800 } });
}, 180_000);
afterAll(async () => {
  await app?.close();
});

describe('the first call after sign-in', () => {
  it('of an auto-answer campaign, offered before the campaigns are listed: rings, then is answered by itself and says so', { timeout: 90_000 }, async () => {
    await simControl(app.sim, 'POST', '/faults', { operation: 'getCampaigns', kind: 'delay', delayMs: 5_000 });
    await signIn(app);
    await phoneOnline(app.page);
    const listed = async (): Promise<boolean> => ((await app.simState())['requests'] as { operation: string; at: string }[]).some((r) => r.operation === 'getCampaigns');
    await simControl(app.sim, 'POST', '/inbound-call', { campaign: 'Cobranzas->', from: '099555111', data: 'nombre=Carlos' });
    await panelState(app.page, 'ringing').waitFor({ timeout: 15_000 });
    // Still unlisted while it rings: the list is what answers it, not the ring.
    expect(await listed()).toBe(false);

    await panelState(app.page, 'active').waitFor({ timeout: 15_000 });
    expect(await listed()).toBe(true);
    expect(await app.page.getByTestId('call-panel').textContent()).toContain('Atendida automáticamente');
    await until(async () => (await pageLevel(app.page)) > 0.01, 'ana hears the customer');
    await screenshotsInBothLanguages(app.page, 'first-call-answered-late');
    await app.page.getByTestId('hang-up').click();
  });
});
