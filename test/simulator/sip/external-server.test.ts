// The originator as a client of an external SIP server. A second SIP server of
// our own stands in for that server here (registrar only, no proxy): the
// originator registers there over WSS trusting its CA, and its INVITEs go
// there. Kamailio itself is the interop tier's job (issue 7).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestHa1 } from '../../../simulator/sip/digest-auth';
import { createSipExtension } from '../../../simulator/sip/sip-extension';
import { startSipServer, type SipServer } from '../../../simulator/sip/sip-server';
import { post, startTestSimulator } from '../sim-client';

const ORIGINATOR = { user: '9000', ha1: digestHa1('9000', 'asterisk', 'originator-secret') };

let remote: SipServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sim-sip-remote-'));
  remote = await startSipServer({
    host: '127.0.0.1', wsPort: 0, wssPort: 0, dataDir,
    ha1Of: (user) => (user === ORIGINATOR.user ? ORIGINATOR.ha1 : undefined),
  });
});

afterAll(async () => {
  await remote?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('originating through an external SIP server', () => {
  it('registers the originator over WSS with its own HA1 and sends Make Call INVITEs there', async () => {
    const sim = await startTestSimulator({
      extensions: [createSipExtension({
        externalServer: { wsUrl: remote.wss, domain: '127.0.0.1', user: ORIGINATOR.user, ha1: ORIGINATOR.ha1, caCertFile: remote.caCertFile },
      })],
    });
    try {
      expect(sim.ready.sip).toEqual({ mode: 'external', server: remote.wss, originator: 'sip:9000@127.0.0.1' });
      expect(remote.bindings.isRegistered(ORIGINATOR.user)).toBe(true);
      const { password } = sim.ready.credentials.agents.find((a) => a.agent === 'ana.garcia')!;
      const ana = JSON.parse((await post(sim, 'agentLogin', { agent: 'ana.garcia', password })).text) as { token: string; name: string };
      const guid = (await post(sim, 'makeCall', {
        callerid: '59826001234', agent: 'ana.garcia', phone: ana.name, tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination: '099123456',
      }, ana.token)).text;
      // The stand-in is no proxy: it refuses the INVITE, which proves the INVITE went there.
      const deadline = Date.now() + 10_000;
      while (sim.state.calls.get(guid)?.status !== 'ended' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(sim.state.calls.get(guid)).toMatchObject({ status: 'ended', endedBy: 'failed', cause: 'agent phone answered 403 Forbidden' });
    } finally {
      await sim.close();
    }
    expect(remote.bindings.isRegistered(ORIGINATOR.user)).toBe(false);
  });

  it('refuses to start with a wrong originator HA1, naming the cause', async () => {
    await expect(
      startTestSimulator({
        extensions: [createSipExtension({
          externalServer: { wsUrl: remote.wss, domain: '127.0.0.1', user: ORIGINATOR.user, ha1: '0'.repeat(32), caCertFile: remote.caCertFile },
        })],
      }),
    ).rejects.toThrow(/Registering the call originator at wss:\/\/127\.0\.0\.1:\d+\/ws failed: 403 Forbidden/);
  });

  it('refuses a server whose certificate it was not told to trust', async () => {
    await expect(
      startTestSimulator({
        extensions: [createSipExtension({ externalServer: { wsUrl: remote.wss, domain: '127.0.0.1', user: ORIGINATOR.user, ha1: ORIGINATOR.ha1 } })],
      }),
    ).rejects.toThrow(/Connecting to the SIP server .* failed: .*certificate/i);
  });
});
