// An instance behind a private CA: the sign-in form says the certificate is
// not trusted, next to the CA file field (the advanced part opens by itself);
// with the CA file given, the agent signs in.
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
  it('shows a TLS error next to the CA file, then signs in once the CA file is given', async () => {
    const agent = app.agents[0]!;
    const page = app.page;
    await fillSignIn(page, { instanceUrl: proxy.baseUrl, agent: agent.agent, password: agent.password });
    const error = page.getByTestId('error-caFile');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/certificad|certificate/i);
    expect(await page.locator('details.advanced').getAttribute('open')).not.toBeNull();

    await page.locator('input[name=caFile]').fill(proxy.caFile);
    await page.locator('input[name=password]').fill(agent.password);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('agent-name').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('agent-extension').textContent()).toContain(agent.phone);
  });
});
