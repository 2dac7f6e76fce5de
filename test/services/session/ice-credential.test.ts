// The TURN credential is a secret: the settings.setIceCredential request puts
// it in main's vault (never in the settings file, never answered back), and
// the phone's SIP credentials carry it at sign-in.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignInRequest } from '../../../common/ipc-contract';
import { composeBrowserServices } from '../../../main/browser-host/compose-browser-services';
import { createRequestHandlers } from '../../../main/ipc';
import { VAULT_KEYS } from '../../../main/services/session';
import { startSimulator, type Simulator } from '../../../simulator/index';

let sim: Simulator;
let dir: string;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'ice-credential-'));
});
afterAll(async () => {
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the TURN credential', () => {
  it('goes to the vault, not the settings file, and reaches the phone with its server at sign-in', async () => {
    // The browser host's own composition: the real settings file, vault and session.
    const composed = composeBrowserServices({ dataDir: dir });
    const { services } = composed;
    const { vault, session } = services;
    const file = join(dir, 'settings.json');
    const handlers = createRequestHandlers(services);
    const turn = 'turn:turn.example.com:443?transport=tcp';
    await handlers['settings.update']({ patch: { iceServers: [{ urls: 'stun:stun.example.com', username: '' }, { urls: turn, username: 'ana' }] } });
    expect(await handlers['settings.setIceCredential']({ urls: turn, credential: 'Tr4ns-p0rt!' })).toEqual({ saved: true });
    expect(readFileSync(file, 'utf8')).not.toContain('Tr4ns-p0rt!');
    expect(vault.get(VAULT_KEYS.iceCredential(turn))).toBe('Tr4ns-p0rt!');

    const agent = sim.ready.credentials.agents[0]!;
    const view = await session.signIn({ instanceUrl: sim.baseUrl, agent: agent.agent, password: agent.password, remember: false, language: 'en' } as SignInRequest);
    expect(view.sip?.iceServers).toEqual([{ urls: 'stun:stun.example.com' }, { urls: turn, username: 'ana', credential: 'Tr4ns-p0rt!' }]);
    await session.signOut({});

    expect(await handlers['settings.setIceCredential']({ urls: turn, credential: '' })).toEqual({ saved: false });
    expect(vault.get(VAULT_KEYS.iceCredential(turn))).toBeUndefined();
    composed.stopBackground();
    await services.calls.close();
    services.phone.close();
    session.close();
    composed.connectivity.close();
  });
});
