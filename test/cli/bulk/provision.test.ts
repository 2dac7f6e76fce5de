import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { useBulkKit } from './bulk-test-kit';

const HEADER = 'user,fullname,phone,password,campaigns';
const agentRow = (i: number, campaigns = 'Soporte<-;Cobranzas->') => `agent.${i},Agent Number ${i},20${String(i).padStart(2, '0')},Secret-${i}-pw,${campaigns}`;

describe('integra provision against the simulator', () => {
  const kit = useBulkKit();

  const agentsNamed = (prefix: string) => kit.sim.state.agents.all().filter((a) => a.accountcode.startsWith(prefix));
  const membershipsOf = (user: string) => kit.sim.state.queueMembers.all().filter((m) => m.membername === user).map((m) => m.queueName).sort();

  it('creates every agent and adds each to its campaigns, batching the memberships', async () => {
    const csv = await kit.csv('ok.csv', [HEADER, ...[1, 2, 3, 4, 5].map((i) => agentRow(i)), 'agent.6,Agent Six,2006,pw6,Encuestas->']);
    const result = await kit.run('provision', ['--csv', csv, '--batch-size', '4']);

    expect(result.code).toBe(0);
    expect(result.summary).toMatchObject({ command: 'provision', total: 6, ok: 6, failed: 0, existing: 0, skipped: 0, dryRun: false });
    expect(agentsNamed('agent.').map((a) => a.accountcode).sort()).toEqual(['agent.1', 'agent.2', 'agent.3', 'agent.4', 'agent.5', 'agent.6']);
    expect(membershipsOf('agent.3')).toEqual(['Cobranzas->', 'Soporte<-']);
    expect(membershipsOf('agent.6')).toEqual(['Encuestas->']);
    // 11 memberships in batches of at least 4: far fewer requests than memberships.
    const memberRequests = kit.requestsOf('addQueueMember');
    expect(memberRequests.length).toBeGreaterThanOrEqual(2);
    expect(memberRequests.length).toBeLessThanOrEqual(4);
    expect(memberRequests.every((r) => r.result === 'success')).toBe(true);
  });

  it('reports a phone number already in use as refused (exit 2), in a report without passwords, and sends the rest', async () => {
    const csv = await kit.csv('taken.csv', [HEADER, agentRow(1), 'intruder,Some One,1001,Top-Secret-Pw,Soporte<-', agentRow(2)]);
    const result = await kit.run('provision', ['--csv', csv]);

    expect(result.code).toBe(2);
    expect(result.summary).toMatchObject({ ok: 2, failed: 1, failures: { refused: 1, invalid: 0, network: 0, other: 0 } });
    const report = await readFile(String(result.summary?.report), 'utf8');
    const lines = report.trim().split('\n');
    expect(lines[0]).toBe('row,line,user,fullname,phone,campaigns,error_kind,error');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^2,3,intruder,Some One,1001,Soporte<-,refused,.*Create Agent.*intruder \(1001\)/);
    expect(report).not.toContain('Top-Secret-Pw');
    expect(report).not.toContain('Secret-1-pw');
    expect(kit.sim.state.agents.byPhone('1001')?.accountcode).toBe('ana.garcia');
    expect(membershipsOf('agent.2')).toEqual(['Cobranzas->', 'Soporte<-']);

    // Run again unchanged: the clear refusal stays a refusal (not taken for an earlier run's lost answer).
    const again = await kit.run('provision', ['--csv', csv]);
    expect(again.code).toBe(2);
    expect(again.summary).toMatchObject({ skipped: 2, existing: 0, failed: 1, failures: { refused: 1 } });
  });

  it('after server errors, a rerun sends only the failed rows and each agent exists once', async () => {
    const csv = await kit.csv('partial.csv', [HEADER, ...[1, 2, 3, 4, 5, 6].map((i) => agentRow(i))]);
    kit.sim.state.faults.add({ operation: 'createAgent', kind: 'http500', remaining: 2, delayMs: 0 });
    const first = await kit.run('provision', ['--csv', csv, '--concurrency', '3']);

    expect(first.code).toBe(3);
    expect(first.summary).toMatchObject({ ok: 4, failed: 2, failures: { network: 2 } });
    expect(agentsNamed('agent.')).toHaveLength(4);
    const failedUsers = (await readFile(String(first.summary?.report), 'utf8')).trim().split('\n').slice(1).map((line) => line.split(',')[2]);
    expect(failedUsers).toHaveLength(2);

    const createsBefore = kit.requestsOf('createAgent').length;
    const second = await kit.run('provision', ['--csv', csv, '--concurrency', '3']);

    expect(second.code).toBe(0);
    expect(second.summary).toMatchObject({ ok: 2, skipped: 4, failed: 0 });
    expect(kit.requestsOf('createAgent').length - createsBefore).toBe(2);
    const agents = agentsNamed('agent.').map((a) => a.accountcode).sort();
    expect(agents).toEqual(['agent.1', 'agent.2', 'agent.3', 'agent.4', 'agent.5', 'agent.6']);
    for (const user of agents) expect(membershipsOf(user)).toEqual(['Cobranzas->', 'Soporte<-']);
    // The rerun's report lists no rows: the earlier failures are fixed.
    expect((await readFile(String(second.summary?.report), 'utf8')).trim().split('\n')).toHaveLength(1);
  });

  it('an agent created by an earlier run whose answer was lost is reported as existing, not as an error', async () => {
    const csv = await kit.csv('lost.csv', [HEADER, agentRow(1), agentRow(2)]);
    // The platform creates the agent but the answer arrives cut: the client cannot know it worked.
    kit.sim.state.faults.add({ operation: 'createAgent', kind: 'truncated', remaining: 1, delayMs: 0 });
    const first = await kit.run('provision', ['--csv', csv, '--concurrency', '1']);
    expect(first.code).toBe(1);
    expect(first.summary).toMatchObject({ ok: 1, failed: 1 });
    expect(agentsNamed('agent.')).toHaveLength(2);

    const second = await kit.run('provision', ['--csv', csv, '--concurrency', '1']);
    expect(second.code).toBe(0);
    expect(second.summary).toMatchObject({ existing: 1, skipped: 1, failed: 0 });
    expect(agentsNamed('agent.')).toHaveLength(2);
    expect(membershipsOf('agent.1')).toEqual(['Cobranzas->', 'Soporte<-']);
    const third = await kit.run('provision', ['--csv', csv]);
    expect(third.summary).toMatchObject({ skipped: 2, ok: 0, existing: 0 });
  });

  it('a refused batch is split so only the row with an unknown campaign fails; fixing it completes that row', async () => {
    const csv = await kit.csv('campaign.csv', [HEADER, agentRow(1), agentRow(2, 'Soporte<-;No Such Campaign'), agentRow(3)]);
    const first = await kit.run('provision', ['--csv', csv]);

    expect(first.code).toBe(2);
    expect(first.summary).toMatchObject({ ok: 2, failed: 1, failures: { refused: 1 } });
    const report = await readFile(String(first.summary?.report), 'utf8');
    expect(report).toMatch(/agent\.2.*refused.*Add Agent to Campaign.*the agent was created but agent\.2 was not added/);
    expect(membershipsOf('agent.1')).toEqual(['Cobranzas->', 'Soporte<-']);
    expect(membershipsOf('agent.2')).toEqual([]);

    await writeFile(csv, (await readFile(csv, 'utf8')).replace('No Such Campaign', 'Encuestas->'));
    const creates = kit.requestsOf('createAgent').length;
    const second = await kit.run('provision', ['--csv', csv]);
    expect(second.code).toBe(0);
    expect(second.summary).toMatchObject({ ok: 1, skipped: 2 });
    expect(kit.requestsOf('createAgent').length).toBe(creates);
    expect(membershipsOf('agent.2')).toEqual(['Encuestas->', 'Soporte<-']);
  });

  it('--dry-run validates only: no request reaches the simulator and no state is written', async () => {
    const csv = await kit.csv('dry.csv', [HEADER, agentRow(1), 'bad,Bad Phone,12ab,pw,Soporte<-', agentRow(2)]);
    const result = await kit.run('provision', ['--csv', csv, '--dry-run']);

    expect(result.code).toBe(4);
    expect(result.summary).toMatchObject({ dryRun: true, ok: 2, failed: 1, failures: { invalid: 1 } });
    expect(kit.sim.state.requests).toHaveLength(0);
    expect(existsSync(String(result.summary?.state))).toBe(false);
    expect(await readFile(String(result.summary?.report), 'utf8')).toMatch(/bad,Bad Phone,12ab,Soporte<-,invalid,column phone: the phone number must be digits only/);
  });

  it('a dry run after a real run shows the rows an actual run would skip, still sending nothing', async () => {
    const csv = await kit.csv('dry-after.csv', [HEADER, agentRow(1), agentRow(2)]);
    expect((await kit.run('provision', ['--csv', csv])).code).toBe(0);
    await writeFile(csv, `${await readFile(csv, 'utf8')}${agentRow(3)}\n`);
    const sent = kit.sim.state.requests.length;
    const dry = await kit.run('provision', ['--csv', csv, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.summary).toMatchObject({ dryRun: true, total: 3, skipped: 2, ok: 1 });
    expect(kit.sim.state.requests).toHaveLength(sent);
  });

  it('invalid rows and repeated users are refused before sending (exit 4) while valid rows go through', async () => {
    const csv = await kit.csv('invalid.csv', [HEADER, agentRow(1), 'agent.1,Again,2999,pw,Soporte<-', ',No User,2998,pw,Soporte<-', 'short,row']);
    const result = await kit.run('provision', ['--csv', csv]);

    expect(result.code).toBe(4);
    expect(result.summary).toMatchObject({ ok: 1, failed: 3, failures: { invalid: 3 } });
    const report = await readFile(String(result.summary?.report), 'utf8');
    expect(report).toContain('appears on an earlier row');
    expect(report).toContain('column user: the user name is empty');
    expect(report).toContain('the row has 2 cells but the header names 5 columns');
    expect(kit.requestsOf('createAgent')).toHaveLength(1);
  });

  it('reads what Excel writes in Spanish locales: Windows-1252 text with ; between cells', async () => {
    const lines = ['user;fullname;phone;password;campaigns', 'jose.munoz;José Muñoz Pérez;5001;pw-jose;"Soporte<-;Cobranzas->"'];
    const csv = await kit.csv('excel-es.csv', []);
    await writeFile(csv, iconv.encode(`${lines.join('\r\n')}\r\n`, 'win1252'));
    const result = await kit.run('provision', ['--csv', csv]);

    expect(result.code).toBe(0);
    expect(kit.sim.state.agents.byUserName('jose.munoz')?.fullname).toBe('José Muñoz Pérez');
    expect(membershipsOf('jose.munoz')).toEqual(['Cobranzas->', 'Soporte<-']);
  });

  it('refuses a workbook given as the CSV before signing in (exit 4)', async () => {
    const csv = await kit.csv('agents.xlsx', []);
    await writeFile(csv, Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(100, 7)]));
    const result = await kit.run('provision', ['--csv', csv]);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('is not CSV text: it is a ZIP archive');
    expect(kit.sim.state.requests).toHaveLength(0);
  });

  it('a file without the required columns is bad input (exit 4) and nothing is sent', async () => {
    const csv = await kit.csv('columns.csv', ['user,phone', 'a,1']);
    const result = await kit.run('provision', ['--csv', csv]);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('lacks the column(s) fullname, password, campaigns');
    expect(kit.sim.state.requests).toHaveLength(0);
  });

  it('refuses a report or state path that would overwrite the input', async () => {
    const csv = await kit.csv('self.csv', [HEADER, agentRow(1)]);
    const result = await kit.run('provision', ['--csv', csv, '--report', csv]);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('must be three different files');
    expect(await readFile(csv, 'utf8')).toContain('agent.1');
    expect(kit.sim.state.requests).toHaveLength(0);
  });

  it('shows progress as plain lines off a terminal and as one rewritten line on a terminal', async () => {
    const csv = await kit.csv('progress.csv', [HEADER, agentRow(1), agentRow(2)]);
    const plain = await kit.run('provision', ['--csv', csv, '--dry-run']);
    expect(plain.stderr).toMatch(/^provision 2\/2 rows 100% · .* · 0 errors$/m);
    expect(plain.stderr).not.toContain('\r');
    const tty = await kit.run('provision', ['--csv', csv, '--dry-run'], { tty: true });
    expect(tty.stderr).toContain('\r\x1b[2Kprovision 2/2 rows 100%');
  });

  it('a wrong API password is a refusal at sign-in: exit 2 and no row sent', async () => {
    const csv = await kit.csv('auth.csv', [HEADER, agentRow(1)]);
    const result = await kit.run('provision', ['--csv', csv, '--password', 'not-the-password']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('cannot sign in');
    expect(result.stderr).not.toContain('not-the-password');
    expect(kit.requestsOf('createAgent')).toHaveLength(0);
  });
});
