// `npm run sim -- --sip-upstream upstream.json`: the simulator process in
// external-registrar mode registers its originator on Kamailio over WSS
// (trusting the test's CA through `caFile`) and says so in its ready line.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestHa1 } from '../../simulator/sip/digest-auth';
import type { UpstreamStatus } from '../../simulator/sip/upstream/upstream-registration';
import { startKamailio, type Kamailio } from './kamailio/kamailio-server';
import { npmRunSim } from '../support/npm-run-sim';
import { until } from '../support/poll-until';

const ORIGINATOR = { user: 'platform', ha1: digestHa1('platform', 'asterisk', 'cli-interop-secret') };
let kamailio: Kamailio;

beforeAll(async () => {
  kamailio = await startKamailio({ realm: 'asterisk', users: [ORIGINATOR], callerUser: ORIGINATOR.user });
});

afterAll(async () => {
  await kamailio?.stop();
});

interface Ready {
  control: { url: string; secret: string };
  sip: { upstream: { proxyWsUrl: string; domain: string; username: string } };
}

describe('npm run sim -- --sip-upstream', () => {
  it('registers the originator on Kamailio and stops on SIGTERM', async () => {
    const file = join(kamailio.dir, 'upstream.json');
    writeFileSync(file, JSON.stringify({ proxyWsUrl: kamailio.wssUrl, caFile: kamailio.caFile, domain: kamailio.domain, username: ORIGINATOR.user, ha1: ORIGINATOR.ha1 }));
    const sim = await npmRunSim(['--port', '0', '--sip-upstream', file]);
    try {
      const ready = sim.ready as Ready;
      expect(ready.sip.upstream).toEqual({ proxyWsUrl: kamailio.wssUrl, domain: kamailio.domain, username: ORIGINATOR.user });
      const status = await until(
        'the originator is registered on Kamailio',
        async () => (await (await fetch(`${ready.control.url}/sip/upstream`, { headers: { 'x-sim-secret': ready.control.secret } })).json()) as UpstreamStatus,
        (s) => s.registration === 'registered' || s.registration === 'failed',
      );
      expect(status).toMatchObject({ registration: 'registered', connected: true, connects: 1, registrations: 1 });
      await sim.terminate();
      expect(sim.stderr()).toContain('simulator: stopped on SIGTERM');
      expect(sim.stderr()).not.toContain(ORIGINATOR.ha1);
    } finally {
      sim.kill();
    }
  });
});
