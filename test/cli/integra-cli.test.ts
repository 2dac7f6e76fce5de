import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator/index';
import { injectFault, resetSim, simState } from '../api/sim-control';
import { runIntegra } from './run-integra';

// The integra command, spawned against a simulator started here: JSON on
// stdout, errors on stderr, exit codes 0/2/3/4/1.

let sim: Simulator;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'integra-cli-'));
  const { apiUser, agents } = sim.ready.credentials;
  env = {
    INTEGRA_BASE_URL: sim.baseUrl,
    INTEGRA_USER: apiUser.user,
    INTEGRA_PASSWORD: apiUser.password,
    INTEGRA_AGENT: agents[0]!.agent,
    INTEGRA_AGENT_PASSWORD: agents[0]!.password,
  };
});
afterAll(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await resetSim(sim);
});

const json = (text: string): unknown => JSON.parse(text);

describe('integra CLI', { timeout: 60_000 }, () => {
  it('prints help for the command and lists every subcommand', async () => {
    const run = await runIntegra(['--help']);
    expect(run.code).toBe(0);
    for (const name of ['client-auth', 'agent-auth', 'logout', 'hangup', 'dialer-task', 'upload-base', 'disposition', 'create-agent', 'add-to-campaign', 'make-call', 'campaigns', 'dialers']) {
      expect(run.stdout).toContain(`  ${name} `);
    }
    const sub = await runIntegra(['disposition', '--help']);
    expect(sub.code).toBe(0);
    expect(sub.stdout).toMatch(/--l1 <text>/);
    expect(sub.stdout).toMatch(/--camptoreschedule/);
  });

  it('client-auth prints the token as JSON', async () => {
    const run = await runIntegra(['client-auth'], env);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(json(run.stdout)).toEqual({ token: expect.stringMatching(/^\S{8,}$/) });
  });

  it('agent-auth with a wrong password: exit 2, the reason on stderr, nothing on stdout, no password echoed', async () => {
    const run = await runIntegra(['agent-auth', '--agent', 'ana.garcia', '--password', 'Wrong-Pass-123'], env);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/Agent Authentication: the platform refused \("0"\): the agent name or password is wrong/);
    expect(run.stderr).not.toContain('Wrong-Pass-123');
  });

  it('make-call, hangup and disposition as the agent', async () => {
    const call = await runIntegra(['make-call', '--callerid', '59826001234', '--agent', 'ana.garcia', '--phone', '1001', '--context', 'agentes', '--outqueue', 'Manual->', '--destination', '099555'], env);
    expect(call.code).toBe(0);
    const { guid } = json(call.stdout) as { guid: string };
    expect(guid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await runIntegra(['hangup', '--phone', '1001'], env)).code).toBe(0);
    const d = await runIntegra(['disposition', '--campaign', 'Manual->', '--agent', 'ana.garcia', '--callerid', '099555', '--guid', guid, '--l1', 'Venta', '--comment', 'ok'], env);
    expect(d.code).toBe(0);
    expect(json(d.stdout)).toEqual({ ok: true });
    expect((await simState(sim)).dispositions).toContainEqual(expect.objectContaining({ guid }));
  });

  it('campaigns and dialers print the parsed lists', async () => {
    const campaigns = await runIntegra(['campaigns'], env);
    expect(campaigns.code).toBe(0);
    expect((json(campaigns.stdout) as { name: string }[]).map((c) => c.name)).toEqual(['Soporte<-', 'Cobranzas->', 'Encuestas->', 'Manual->']);
    const dialers = await runIntegra(['dialers', '--raw'], { ...env, INTEGRA_AGENT: '', INTEGRA_AGENT_PASSWORD: '' });
    expect(dialers.code).toBe(0);
    expect(json(dialers.stdout)).toEqual([expect.objectContaining({ campaign: 'Cobranzas->' }), expect.objectContaining({ campaign: 'Encuestas->' })]);
  });

  it('create-agent, add-to-campaign, dialer-task and logout', async () => {
    expect((await runIntegra(['create-agent', '--userName', 'zoe.ruiz', '--secret', 'Zoe-2001', '--fullname', 'Zoe Ruiz', '--phoneNumber', '2001'], env)).code).toBe(0);
    const add = await runIntegra(['add-to-campaign', '--membername', 'zoe.ruiz', '--interface1', 'SIP/2001', '--queueName', 'Soporte<-', '--queueName', 'Encuestas->'], env);
    expect(add.code).toBe(0);
    expect(json(add.stdout)).toMatchObject({ added: [{ membername: 'zoe.ruiz', queueName: 'Soporte<-' }, { membername: 'zoe.ruiz', queueName: 'Encuestas->' }] });
    expect((await runIntegra(['dialer-task', '--campaign', 'Cobranzas->', '--destination', '099777', '--bulk'], env)).code).toBe(0);
    expect((await runIntegra(['logout', '--message', 'fin'], env)).code).toBe(0);
    const state = await simState(sim);
    expect(state.queueMembers.filter((m) => m.membername === 'zoe.ruiz')).toHaveLength(2);
    expect(state.dialerTasks).toContainEqual(expect.objectContaining({ destination: '099777', bulk: true }));
    expect(state.logouts).toContainEqual(expect.objectContaining({ agent: 'ana.garcia', message: 'fin' }));
  });

  it('create-agent --secret-stdin takes the password from standard input, never from the command line', async () => {
    const created = await runIntegra(['create-agent', '--userName', 'yago.paz', '--secret-stdin', '--fullname', 'Yago Paz', '--phoneNumber', '2002'], env, 20_000, 'Yago-2002-stdin\n');
    expect(created.code, created.stderr).toBe(0);
    const signIn = await runIntegra(['agent-auth', '--agent', 'yago.paz', '--password', 'Yago-2002-stdin'], env);
    expect(signIn.code, signIn.stderr).toBe(0);
    // Refused before any request: both ways at once, an empty input, no password at all.
    await resetSim(sim);
    const both = await runIntegra(['create-agent', '--userName', 'x', '--secret', 'a', '--secret-stdin', '--fullname', 'X', '--phoneNumber', '2003'], env, 20_000, 'b\n');
    expect([both.code, both.stderr]).toEqual([4, expect.stringMatching(/with --secret or with --secret-stdin, not both/)]);
    const empty = await runIntegra(['create-agent', '--userName', 'x', '--secret-stdin', '--fullname', 'X', '--phoneNumber', '2003'], env, 20_000, '');
    expect([empty.code, empty.stderr]).toEqual([4, expect.stringMatching(/standard input was empty/)]);
    const none = await runIntegra(['create-agent', '--userName', 'x', '--fullname', 'X', '--phoneNumber', '2003'], env);
    expect([none.code, none.stderr]).toEqual([4, expect.stringMatching(/--secret or --secret-stdin is required/)]);
    expect((await simState(sim)).requests).toEqual([]);
  });

  it('upload-base streams a file and counts its records; a binary file is refused with exit 4 before any request', async () => {
    const list = join(dir, 'lista.csv');
    await writeFile(list, '099111;A\n099222;B\n099333;C\n');
    const run = await runIntegra(['upload-base', '--file', list, '--campaign', 'Encuestas->'], env);
    expect(run.code).toBe(0);
    expect(json(run.stdout)).toMatchObject({ ok: true, filename: 'lista.csv', cant: 3, analysis: { delimiter: ';', encoding: 'utf-8' } });
    const xlsx = join(dir, 'lista.xlsx');
    await writeFile(xlsx, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]));
    await resetSim(sim);
    const refused = await runIntegra(['upload-base', '--file', xlsx, '--campaign', 'Encuestas->'], env);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/Export it as CSV/);
    // Not even Client Authentication: the file is checked before signing in.
    expect((await simState(sim)).requests).toEqual([]);
  });

  it('exit 4 for a missing flag or missing credentials, 3 for an unreachable instance or HTTP 500, 1 for an HTML page', async () => {
    const missing = await runIntegra(['hangup'], env);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toMatch(/--phone is required/);
    const noCreds = await runIntegra(['dialers'], { INTEGRA_BASE_URL: sim.baseUrl });
    expect(noCreds.code).toBe(4);
    expect(noCreds.stderr).toMatch(/no credentials/);
    const unreachable = await runIntegra(['client-auth', '--base-url', 'http://127.0.0.1:9'], env);
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toMatch(/connection was refused/);
    await injectFault(sim, 'getDialers', 'http500');
    expect((await runIntegra(['dialers'], env)).code).toBe(3);
    await injectFault(sim, 'getDialers', 'html');
    const html = await runIntegra(['dialers'], env);
    expect(html.code).toBe(1);
    expect(html.stderr).toMatch(/HTML/);
  });
});
