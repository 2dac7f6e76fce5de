// The app setting `tokenPolicy` (which token each operation sends) reaches the
// Integra client the session composes: against the simulator, whose request
// log records the kind of token each request carried.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TokenPolicySetting } from '../../../common/ipc-contract';
import { createIntegraSessionApi, createSessionService, type SessionService } from '../../../main/services/session';
import { createJsonFileSettingsStorage, createSettingsService } from '../../../main/services/settings';
import { createMemoryVault } from '../../../main/services/vault';
import type { IntegraClient } from '../../../main/api';
import { startSimulator, type Simulator } from '../../../simulator/index';

let sim: Simulator;
let dir: string;
let service: SessionService<IntegraClient> | null = null;

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'token-policy-'));
});
afterEach(async () => {
  await service?.client()?.close();
  service = null;
  rmSync(dir, { recursive: true, force: true });
});

interface LoggedRequest {
  operation: string;
  tokenKind?: string;
}

async function lastRequestOf(operation: string): Promise<LoggedRequest | undefined> {
  const response = await fetch(`${sim.control.url}/state`, { headers: { 'X-Sim-Secret': sim.control.secret } });
  const state = (await response.json()) as { requests: LoggedRequest[] };
  return state.requests.filter((entry) => entry.operation === operation).at(-1);
}

/** Signs in with both the agent and the API user, the setting given, and lists the campaigns. */
async function getCampaignsWith(tokenPolicy: TokenPolicySetting): Promise<LoggedRequest | undefined> {
  const settings = createSettingsService(createJsonFileSettingsStorage(join(dir, 'settings.json')));
  settings.update({ tokenPolicy });
  service = createSessionService({ settings, vault: createMemoryVault('browser-mode'), createApi: createIntegraSessionApi });
  const agent = sim.ready.credentials.agents[0]!;
  const { user, password } = sim.ready.credentials.apiUser;
  await service.signIn({ instanceUrl: sim.baseUrl, agent: agent.agent, password: agent.password, remember: false, language: 'en', apiUser: user, apiPassword: password });
  await service.client()!.getCampaigns();
  return lastRequestOf('getCampaigns');
}

describe('token policy setting', () => {
  it('by default (empty setting) Get Campaigns sends the agent token', async () => {
    expect(await getCampaignsWith({})).toMatchObject({ tokenKind: 'agent' });
  });

  it('a setting that picks the client token for Get Campaigns reaches the platform with the client token', async () => {
    expect(await getCampaignsWith({ getCampaigns: 'client' })).toMatchObject({ tokenKind: 'client' });
  });
});
