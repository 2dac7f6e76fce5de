// An instance behind a private CA: the sign-in form says the certificate is
// not trusted, next to the CA file field (the advanced part opens by itself).
// In the browser version the page cannot name a CA file (issue 21: it decides
// whom main trusts, and main has no dialog of its own there to confirm it):
// the field is read-only and says how it is set; started with --ca-file, the
// agent signs in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillSignIn, startApp, type E2EApp } from './harness';
import { startHttpsProxy, type HttpsProxy } from './https-proxy';

let app: E2EApp;
let proxy: HttpsProxy;
beforeAll(async () => {
  app = await startApp({ sip: false });
  proxy = await startHttpsProxy(app.sim.baseUrl);
});
afterAll(async () => {
  await proxy?.close();
  await app?.close();
});

describe('instance behind a private certificate authority', () => {
  it('shows a TLS error next to the CA file, which the page cannot set in the browser version', async () => {
    const agent = app.agents[0]!;
    const page = app.page;
    await fillSignIn(page, { instanceUrl: proxy.baseUrl, agent: agent.agent, password: agent.password });
    const error = page.getByTestId('error-caFile');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/certificad|certificate/i);
    expect(await page.locator('details.advanced').getAttribute('open')).not.toBeNull();
    const caFile = page.locator('input[name=caFile]');
    expect(await caFile.getAttribute('readonly')).not.toBeNull();
    expect(await caFile.locator('xpath=following-sibling::p[contains(@class, "hint")]').textContent()).toMatch(/--ca-file/u);
  });

  it('signs in when the app was started with the CA file', async () => {
    const started = await startApp({ sip: false, overrides: { caFile: proxy.caFile } });
    try {
      const agent = app.agents[0]!;
      await fillSignIn(started.page, { instanceUrl: proxy.baseUrl, agent: agent.agent, password: agent.password });
      await started.page.getByTestId('agent-name').waitFor({ timeout: 15_000 });
      expect(await started.page.getByTestId('agent-extension').textContent()).toContain(agent.phone);
    } finally {
      await started.close();
    }
  });
});
