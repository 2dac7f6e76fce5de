// The phone follows the session: signing in registers it with the
// simulator's SIP side (header shows "connected"), signing out unregisters it
// before the platform's Log Out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneOnline, signIn, signOut, simControl, startApp, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

interface Registration { phone: string }
const registrations = async () => (await simControl(app.sim, 'GET', '/sip/registrations')) as Registration[];

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting until ${what}`);
}

describe('phone lifecycle in the shell', () => {
  it('registers on sign-in and unregisters on sign-out', async () => {
    const agent = app.agents[0]!;
    await signIn(app);
    await phoneOnline(app.page);
    expect((await registrations()).map((r) => r.phone)).toContain(agent.phone);

    await signOut(app.page, 'fin');
    await until(async () => !(await registrations()).some((r) => r.phone === agent.phone), 'the binding is gone');
  });
});
