// Issue 3 "Done when": no token or password reaches the renderer. After a
// sign-in with both an agent and an API user, the page's JS-visible state and
// every bridge message the page received are searched for both tokens (read
// from the simulator's control state) and both passwords.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startApp, type E2EApp } from './harness';
import { findInPage, searchPage } from './page-secrets';

let app: E2EApp;
const sentByHost: string[] = [];
beforeAll(async () => {
  app = await startApp();
  app.host.onFrameSent((frame) => sentByHost.push(frame));
});
afterAll(async () => {
  await app?.close();
});

interface SimSession { token: string; kind: 'client' | 'agent'; subject: string }

describe('no token or password reaches the renderer', () => {
  it('after signing in with an agent and an API user', async () => {
    const agent = app.agents[0]!;
    await signIn(app, { apiUser: app.apiUser.user, apiPassword: app.apiUser.password });
    await app.page.getByText(app.apiUser.user, { exact: false }).first().waitFor();

    const sessions = (await app.simState())['sessions'] as SimSession[];
    const agentToken = sessions.find((s) => s.kind === 'agent' && s.subject === agent.agent)?.token;
    const clientToken = sessions.find((s) => s.kind === 'client' && s.subject === app.apiUser.user)?.token;
    expect(agentToken).toBeTruthy();
    expect(clientToken).toBeTruthy();
    const secrets = [agentToken!, clientToken!, agent.password, app.apiUser.password];

    // Positive control: the search does find what the renderer legitimately holds.
    const ha1 = /"authorizationHa1":"([^"]+)"/.exec(app.bridgeFrames.join('\n'))?.[1];
    expect(ha1).toBeTruthy();
    expect(await findInPage(app.page, [ha1!])).not.toEqual([]);

    const search = await searchPage(app.page, secrets);
    expect(search.found).toEqual([]);
    expect(search.visited).toBeGreaterThan(1_000); // the walk reached the app's objects, not just window
    expect(app.bridgeFrames.length).toBeGreaterThan(3);
    expect(sentByHost.length).toBeGreaterThan(0); // frames sent after the listener was attached
    for (const frame of [...app.bridgeFrames, ...sentByHost]) {
      for (const secret of secrets) expect(frame).not.toContain(secret);
    }
  });
});
