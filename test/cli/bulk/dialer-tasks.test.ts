import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useBulkKit } from './bulk-test-kit';

const HEADER = 'campaign,destination,alternatives,agent,data,calldate,source,bulk,automatic';
const row = (destination: string, extra = 'Cobranzas->') => `${extra},${destination},,,customer=${destination},,crm,false,true`;

describe('integra dialer-tasks against the simulator', () => {
  const kit = useBulkKit();

  const queued = () => kit.sim.state.dialerQueue.all();

  it('queues one record per row with every column carried into the call object', async () => {
    const csv = await kit.csv('tasks.csv', [
      HEADER,
      'Cobranzas->,5491155550001,5491155550002,1001,id=77; plan = gold ,2030-01-02 09:30:00,crm,true,false',
      'Encuestas->,5491155550003,,,,,,,',
    ]);
    const result = await kit.run('dialer-tasks', ['--csv', csv]);

    expect(result.code).toBe(0);
    expect(result.summary).toMatchObject({ command: 'dialer-tasks', total: 2, ok: 2, failed: 0 });
    const [first, second] = [...queued()].sort((a, b) => a.destination.localeCompare(b.destination));
    expect(first).toMatchObject({
      campaign: 'Cobranzas->', destination: '5491155550001', alternatives: '5491155550002', agent: '1001',
      data: 'id=77;plan = gold', calldate: '2030-01-02 09:30:00', source: 'crm', bulk: true, automatic: false,
    });
    expect(second).toMatchObject({ campaign: 'Encuestas->', destination: '5491155550003', calldate: null, data: '', bulk: false, automatic: false });
  });

  it('after a server error and a dropped connection, a rerun sends only the two failed rows', async () => {
    const csv = await kit.csv('partial.csv', [HEADER, ...['5550001', '5550002', '5550003', '5550004', '5550005'].map((d) => row(d))]);
    kit.sim.state.faults.add({ operation: 'dialerTask', kind: 'http500', remaining: 1, delayMs: 0 });
    kit.sim.state.faults.add({ operation: 'dialerTask', kind: 'drop', remaining: 1, delayMs: 0 });
    const first = await kit.run('dialer-tasks', ['--csv', csv, '--concurrency', '2']);

    expect(first.code).toBe(3);
    expect(first.summary).toMatchObject({ ok: 3, failed: 2, failures: { network: 2 } });
    expect(queued()).toHaveLength(3);
    const report = await readFile(String(first.summary?.report), 'utf8');
    expect(report.trim().split('\n')).toHaveLength(3);
    expect(report).toContain('Add Record to Dialer');

    const sentBefore = kit.requestsOf('dialerTask').length;
    const second = await kit.run('dialer-tasks', ['--csv', csv, '--concurrency', '2']);
    expect(second.code).toBe(0);
    expect(second.summary).toMatchObject({ ok: 2, skipped: 3, failed: 0 });
    expect(kit.requestsOf('dialerTask').length - sentBefore).toBe(2);
    expect(queued().map((t) => t.destination).sort()).toEqual(['5550001', '5550002', '5550003', '5550004', '5550005']);
  });

  it('identical rows queue twice on purpose, and a rerun queues neither again', async () => {
    const csv = await kit.csv('twice.csv', [HEADER, row('5550009'), row('5550009')]);
    const first = await kit.run('dialer-tasks', ['--csv', csv]);
    expect(first.summary).toMatchObject({ ok: 2 });
    const second = await kit.run('dialer-tasks', ['--csv', csv]);
    expect(second.summary).toMatchObject({ ok: 0, skipped: 2 });
    expect(queued()).toHaveLength(2);
  });

  it('rows the platform refuses (unknown campaign) are reported with exit 2', async () => {
    const csv = await kit.csv('refused.csv', [HEADER, row('5550001'), row('5550002', 'Nowhere->')]);
    const result = await kit.run('dialer-tasks', ['--csv', csv]);
    expect(result.code).toBe(2);
    expect(result.summary).toMatchObject({ ok: 1, failed: 1, failures: { refused: 1 } });
    expect(await readFile(String(result.summary?.report), 'utf8')).toMatch(/^2,3,Nowhere->,5550002,.*,refused,"?Add Record to Dialer: the platform refused/m);
  });

  it('reads a destination as the dial pad does: spaces, dashes and a leading + as spreadsheets write them are sent as digits; an extension is refused', async () => {
    const csv = await kit.csv('written.csv', [HEADER, row('099 123 456'), row('+598 99-123-457'), row('099 123 458 ext. 12')]);
    const result = await kit.run('dialer-tasks', ['--csv', csv]);
    expect(result.summary).toMatchObject({ ok: 2, failed: 1, failures: { invalid: 1 } });
    expect(queued().map((t) => t.destination).sort()).toEqual(['+59899123457', '099123456']);
    expect(await readFile(String(result.summary?.report), 'utf8')).toContain('column destination: A dialer record holds the number alone: the dialer does not dial an extension once answered. Remove “12” from the number.');
  });

  it('--dry-run validates only: bad rows are listed, nothing is sent and no state is written', async () => {
    const csv = await kit.csv('dry.csv', [HEADER, row('5550001'), 'Cobranzas->,not-a-number,,,,tomorrow,,maybe,', row('5550003')]);
    const result = await kit.run('dialer-tasks', ['--csv', csv, '--dry-run']);

    expect(result.code).toBe(4);
    expect(result.summary).toMatchObject({ dryRun: true, ok: 2, failed: 1, failures: { invalid: 1 } });
    expect(kit.sim.state.requests).toHaveLength(0);
    expect(existsSync(String(result.summary?.state))).toBe(false);
    const report = await readFile(String(result.summary?.report), 'utf8');
    expect(report).toContain('column destination: The number contains letters; use digits only.');
    expect(report).toContain('column calldate: YYYY-MM-DD hh:mm:ss');
    expect(report).toContain('column bulk: write true or false');
  });

  it('stops sending after repeated network failures and says how many rows were not attempted', async () => {
    const csv = await kit.csv('down.csv', [HEADER, ...Array.from({ length: 30 }, (_, i) => row(`55510${String(i).padStart(2, '0')}`))]);
    kit.sim.state.faults.add({ operation: 'dialerTask', kind: 'http500', remaining: 30, delayMs: 0 });
    const result = await kit.run('dialer-tasks', ['--csv', csv, '--concurrency', '1']);
    expect(result.code).toBe(3);
    expect(result.summary).toMatchObject({ failed: 10, notAttempted: 20 });
    expect(String(result.summary?.stoppedEarly)).toContain('10 network failures in a row');
    expect(kit.requestsOf('dialerTask')).toHaveLength(10);
  });
});
