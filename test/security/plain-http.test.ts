// Issue 21, points 3 and 5: plain http:// may carry a password to this
// computer only. The CLI sent `user=…&password=…` over http to any address,
// and `*.localhost` counted as loopback although glibc sends those names to
// DNS (so http://crm.localhost could reach another machine in clear).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLoopbackHost, plainHttpProblem } from '../../common/loopback';
import { createIntegraClient } from '../../main/api';
import { instanceOrigin } from '../../main/services/session';
import { feedProblem } from '../../main/services/updates';
import { runIntegra } from '../cli/run-integra';

const PASSWORD = 'Pa55-in-clear-9f3';
// TEST-NET-1: never this computer. A connection attempt times out (exit 3); a refusal is immediate (exit 4).
const REMOTE = 'http://192.0.2.2:9';
const dir = mkdtempSync(join(tmpdir(), 'plain-http-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loopback is 127.0.0.0/8, ::1 and localhost itself', () => {
  it.each([
    ['localhost', true], ['LOCALHOST', true], ['127.0.0.1', true], ['127.255.255.254', true], ['[::1]', true], ['::1', true],
    ['crm.localhost', false], ['localhost.example.com', false], ['127.0.0.1.example.com', false], ['[::ffff:7f00:1]', false],
    ['128.0.0.1', false], ['10.0.0.1', false], ['127.0.0.256', false], ['', false],
  ])('%s → %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });

  it('refuses http://crm.localhost for a sign-in, an update feed and the API client', async () => {
    expect(() => instanceOrigin('http://crm.localhost:8080')).toThrow();
    expect(instanceOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(feedProblem('http://crm.localhost/feed/')).not.toBeNull();
    expect(feedProblem('http://127.0.0.1:9000/feed/')).toBeNull();
    expect(plainHttpProblem('https://crm.localhost')).toBeNull();
  });
});

describe('the API client and the CLI never send a password over plain http to another machine', () => {
  it('the client refuses before connecting: bad input, not a network failure', async () => {
    const client = createIntegraClient({ baseUrl: REMOTE, timeoutMs: 2000 });
    const failure = await client.clientAuthenticate({ user: 'supervisor', password: PASSWORD }).then(() => null, (error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'bad-input' });
    expect(String((failure as Error).message)).toContain('not encrypted');
    expect(String((failure as Error).message)).not.toContain(PASSWORD);
  });

  it('integra client-auth --base-url http://192.0.2.2 stops with exit 4 and says why', async () => {
    const run = await runIntegra(['client-auth', '--base-url', REMOTE, '--timeout', '2000'], { INTEGRA_USER: 'supervisor', INTEGRA_PASSWORD: PASSWORD });
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('http://192.0.2.2 is not encrypted');
    expect(run.stderr + run.stdout).not.toContain(PASSWORD);
  });

  it('integra provision (bulk) refuses the same address before reading the list', async () => {
    const csv = join(dir, 'agents.csv');
    writeFileSync(csv, 'user,fullname,phone,password,campaigns\nluis,Luis,1009,Secret-1009,\n');
    const run = await runIntegra(['provision', '--csv', csv, '--base-url', REMOTE, '--timeout', '2000'], { INTEGRA_USER: 'supervisor', INTEGRA_PASSWORD: PASSWORD });
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('not encrypted');
  });

  it('https:// and http:// on loopback stay allowed', () => {
    expect(plainHttpProblem('https://tenant.ucontactcloud.com')).toBeNull();
    expect(plainHttpProblem('http://127.0.0.1:39021')).toBeNull();
    expect(plainHttpProblem('http://[::1]:39021')).toBeNull();
  });
});
