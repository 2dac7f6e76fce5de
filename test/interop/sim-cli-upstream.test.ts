// `npm run sim -- --sip-upstream upstream.json`: the simulator process in
// external-registrar mode registers its originator on Kamailio over WSS
// (trusting the test's CA through `caFile`) and says so in its ready line.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestHa1 } from '../../simulator/sip/digest-auth';
import type { UpstreamStatus } from '../../simulator/sip/upstream/upstream-registration';
import { startKamailio, type Kamailio } from './kamailio/kamailio-server';
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
    const child = spawn('npm', ['run', '-s', 'sim', '--', '--port', '0', '--sip-upstream', file], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const group = -child.pid!;
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`the simulator exited early with ${code}: ${stderr}`)));
      });
      const ready = JSON.parse(line) as Ready;
      expect(ready.sip.upstream).toEqual({ proxyWsUrl: kamailio.wssUrl, domain: kamailio.domain, username: ORIGINATOR.user });
      const status = await until(
        'the originator is registered on Kamailio',
        async () => (await (await fetch(`${ready.control.url}/sip/upstream`, { headers: { 'x-sim-secret': ready.control.secret } })).json()) as UpstreamStatus,
        (s) => s.registration === 'registered' || s.registration === 'failed',
      );
      expect(status).toMatchObject({ registration: 'registered', connected: true, connects: 1, registrations: 1 });
      const closed = Promise.all([child.stdout, child.stderr].map((s) => new Promise<void>((resolve) => s.once('close', resolve))));
      process.kill(group, 'SIGTERM');
      await closed;
      expect(stderr).toContain('simulator: stopped on SIGTERM');
      expect(stderr).not.toContain(ORIGINATOR.ha1);
    } finally {
      try {
        process.kill(group, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
});
