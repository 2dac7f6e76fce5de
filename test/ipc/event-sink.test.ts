// Main's changes reach the renderer as contract events: session, settings,
// and connectivity with its reason (resume/network cues for the phone).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventSchemas, type EventChannel } from '../../common/ipc-contract';
import { forwardEvents } from '../../main/ipc';
import { createConnectivity, type OsNetworkEvents } from '../../main/services/connectivity';
import { createSessionService } from '../../main/services/session';
import { createJsonFileSettingsStorage, createSettingsService } from '../../main/services/settings';
import { createSupervisorService } from '../../main/services/supervisor';
import { createCallsService } from '../../main/services/calls';
import { createMemoryVault } from '../../main/services/vault';
import { createLogger } from '../../main/services/logging';
import { createWorkstationPort } from '../../main/services/workstation';
import { createPhoneService } from '../../main/services/phone';
import { createReachabilityProber } from '../../main/services/connectivity';
import type { AppServices } from '../../main/ipc';
import type { SessionRenewal } from '../../common/ipc-contract';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'event-sink-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function fakeOs() {
  let emit: (event: 'online' | 'offline' | 'resumed' | 'network-changed') => void = () => undefined;
  const os: OsNetworkEvents = {
    subscribe(listener) {
      emit = listener;
      return () => undefined;
    },
  };
  return { os, emit: (event: Parameters<typeof emit>[0]) => emit(event) };
}

describe('forwardEvents', () => {
  it('sends schema-valid settings and connectivity events, with the reason, and stops on unsubscribe', async () => {
    const settings = createSettingsService(createJsonFileSettingsStorage(join(dir, 'settings.json')));
    const vault = createMemoryVault();
    const session = createSessionService({ settings, vault, createApi: () => { throw new Error('not used'); } });
    const supervisor = createSupervisorService({ session, files: { kind: 'typed-path' } });
    const fake = fakeOs();
    const connectivity = createConnectivity({ os: fake.os });
    const sent: [EventChannel, unknown][] = [];
    const calls = createCallsService({ session, dataDir: dir, agentContext: () => null });
    const phone = createPhoneService({ session, prober: createReachabilityProber({ connect: async () => false }) });
    const stop = forwardEvents({
      settings, vault, session, supervisor, calls, phone, overrides: {},
      policy: { locked: new Set(), fromPolicy: new Set(), policySource: null, policyProblem: null },
      workstation: createWorkstationPort({ logger: createLogger({ sinks: [] }), diagnostics: () => '', bundle: () => ({ json: '{}', bytes: 2, fileName: 'b.json' }), checkApi: () => Promise.reject(new Error('no instance')) }),
    }, (event, payload) => sent.push([event, payload]), connectivity);

    settings.update({ language: 'en' });
    fake.emit('resumed');
    fake.emit('offline');
    stop();
    fake.emit('online');

    expect(sent.map(([event]) => event)).toEqual(['settings.changed', 'connectivity.changed', 'connectivity.changed']);
    for (const [event, payload] of sent) expect(eventSchemas[event].safeParse(payload).success).toBe(true);
    expect(sent[1]![1]).toEqual({ api: 'online', detail: null, reason: 'resumed' });
    expect(sent[2]![1]).toMatchObject({ api: 'offline', reason: 'os-offline' });
    connectivity.close();
    phone.close();
    await calls.close();
  });

  it('forwards the session renewal (renewing, then renewed or failed with its error) as session.renewal', async () => {
    const settings = createSettingsService(createJsonFileSettingsStorage(join(dir, 'settings.json')));
    const vault = createMemoryVault();
    const session = createSessionService({ settings, vault, createApi: () => { throw new Error('not used'); } });
    let renewal: (r: SessionRenewal) => void = () => undefined;
    const calls = createCallsService({ session, dataDir: dir, agentContext: () => null });
    const services: AppServices = {
      settings, vault, overrides: {}, calls,
      session: { ...session, onRenewal: (listener) => ((renewal = listener), () => (renewal = () => undefined)) },
      supervisor: createSupervisorService({ session, files: { kind: 'typed-path' } }),
      phone: createPhoneService({ session, prober: createReachabilityProber({ connect: async () => false }) }),
      policy: { locked: new Set(), fromPolicy: new Set(), policySource: null, policyProblem: null },
      workstation: createWorkstationPort({ logger: createLogger({ sinks: [] }), diagnostics: () => '', bundle: () => ({ json: '{}', bytes: 2, fileName: 'b.json' }), checkApi: () => Promise.reject(new Error('no instance')) }),
    };
    const sent: [EventChannel, unknown][] = [];
    const stop = forwardEvents(services, (event, payload) => sent.push([event, payload]));
    const failed: SessionRenewal = {
      state: 'failed',
      error: { code: 'wrong-credentials', message: 'Agent Authentication: the platform refused to sign ana in again.', say: { key: 'session.err.renewRefused', params: { agent: 'ana' } } },
    };
    renewal({ state: 'renewing', error: null });
    renewal(failed);
    stop();
    renewal({ state: 'renewed', error: null });
    expect(sent).toEqual([['session.renewal', { state: 'renewing', error: null }], ['session.renewal', failed]]);
    for (const [event, payload] of sent) expect(eventSchemas[event].safeParse(payload).success).toBe(true);
    services.phone.close();
    await calls.close();
  });
});
