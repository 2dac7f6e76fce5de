// The supervisor service over the real Integra client against the in-process
// simulator: the API-user gate, what each operation sends and answers, the
// platform's bare `0` turned into plain words, and which files may be read.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IpcFailure, SIGNED_OUT, type SessionView } from '../../../common/ipc-contract';
import { createIntegraClient, type IntegraClient } from '../../../main/api';
import { createSupervisorService, type ListFileSource, type SupervisorService } from '../../../main/services/supervisor';
import { startSimulator, type Simulator } from '../../../simulator/index';
import { resetSim, simState } from '../../api/sim-control';

let sim: Simulator;
let client: IntegraClient;
let dir: string;
const signedIn: SessionView = { ...SIGNED_OUT, state: 'signed-in', apiUser: 'supervisor', instanceUrl: 'http://127.0.0.1' };

function service(view: SessionView = signedIn, files: ListFileSource = { kind: 'typed-path' }): SupervisorService {
  return createSupervisorService({ session: { view: () => view, client: () => client }, files });
}

async function failure(promise: Promise<unknown>): Promise<IpcFailure['detail']> {
  const error: unknown = await promise.then(() => new Error('expected a failure'), (e: unknown) => e);
  expect(error).toBeInstanceOf(IpcFailure);
  return (error as IpcFailure).detail;
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  client = createIntegraClient({ baseUrl: sim.baseUrl });
  await client.clientAuthenticate(sim.ready.credentials.apiUser);
  dir = mkdtempSync(join(tmpdir(), 'supervisor-service-'));
});
beforeEach(async () => {
  await resetSim(sim);
  await client.clientAuthenticate(sim.ready.credentials.apiUser); // reset revokes tokens
});
afterAll(async () => {
  await client?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('supervisor service', () => {
  it('refuses every operation without an API user, before any request', async () => {
    const agentOnly = service({ ...signedIn, apiUser: null });
    const before = (await simState(sim)).requests.length;
    expect(await failure(agentOnly.campaigns())).toMatchObject({ code: 'not-signed-in', message: expect.stringMatching(/API user/) });
    expect(await failure(service(SIGNED_OUT).dialers())).toMatchObject({ code: 'not-signed-in' });
    expect((await simState(sim)).requests.length).toBe(before);
    expect(agentOnly.info()).toEqual({ apiUser: null, filePicker: false });
  });

  it('lists campaigns and dialers with parsed fields beside the raw record', async () => {
    const campaigns = await service().campaigns();
    const cobranzas = campaigns.find((c) => c.name === 'Cobranzas->');
    expect(cobranzas).toMatchObject({
      direction: { parsed: { direction: 'outbound', baseName: 'Cobranzas' }, known: true },
      form: { parsed: { name: 'cobranzasForm', flag: true } },
      dialstring: { parsed: { tech: 'SIP', trunk: 'troncal1', number: '26002000' } },
      record: { name: 'Cobranzas->', auto_answer: '1' },
    });
    const dialer = (await service().dialers()).find((d) => d.campaign === 'Cobranzas->');
    expect(dialer?.variables.parsed).toEqual([{ key: 'origen', value: 'crm' }, { key: 'prioridad', value: 'alta' }]);
    expect(dialer?.recycle.parsed).toHaveLength(2);
  });

  it('creates an agent; a taken phone number is reported on the phone field, and a repeat in the session without a request', async () => {
    const supervisor = service();
    const agent = { userName: 'nuevo.agente', fullname: 'Nuevo Agente', phoneNumber: '1500', password: 'x1' };
    expect(await supervisor.createAgent(agent)).toEqual({ userName: 'nuevo.agente', fullname: 'Nuevo Agente', phoneNumber: '1500' });
    expect((await simState(sim)).agents.find((a) => a.accountcode === 'nuevo.agente')?.name).toBe('1500');

    const taken = await failure(supervisor.createAgent({ ...agent, userName: 'otro', phoneNumber: '1001' }));
    expect(taken).toMatchObject({ code: 'platform-error', field: 'phoneNumber', message: expect.stringMatching(/phone number .*already in use/) });

    const requests = (await simState(sim)).requests.filter((r) => r.operation === 'createAgent').length;
    const repeat = await failure(supervisor.createAgent({ ...agent, userName: 'tercero' }));
    expect(repeat).toMatchObject({ code: 'invalid-request', field: 'phoneNumber', message: expect.stringContaining('nuevo.agente') });
    expect((await simState(sim)).requests.filter((r) => r.operation === 'createAgent').length).toBe(requests);
  });

  it('forgets the agents of the session when another API user signs in', async () => {
    let view = signedIn;
    const supervisor = createSupervisorService({ session: { view: () => view, client: () => client }, files: { kind: 'typed-path' } });
    await supervisor.createAgent({ userName: 'uno', fullname: 'Uno', phoneNumber: '1600', password: 'x' });
    view = { ...signedIn, apiUser: 'otro.supervisor' };
    // Not refused by the session check: the platform itself answers (and refuses the taken phone).
    expect(await failure(supervisor.createAgent({ userName: 'dos', fullname: 'Dos', phoneNumber: '1600', password: 'x' }))).toMatchObject({ code: 'platform-error', field: 'phoneNumber' });
  });

  it('adds every agent × campaign pair in one request; a refusal says none was added', async () => {
    const pairs = await service().addMembers({ agents: [{ membername: 'carla.mendez', phone: '1003' }, { membername: 'bruno.diaz', phone: '1002' }], campaigns: ['Cobranzas->', 'Manual->'] });
    expect(pairs.map((p) => `${p.membername}@${p.campaign}`)).toEqual(['carla.mendez@Cobranzas->', 'bruno.diaz@Cobranzas->', 'carla.mendez@Manual->', 'bruno.diaz@Manual->']);
    const state = await simState(sim);
    expect(state.requests.filter((r) => r.operation === 'addQueueMember')).toHaveLength(1);
    expect(state.queueMembers.filter((m) => m.membername === 'bruno.diaz' && m.queueName === 'Manual->')).toHaveLength(1);

    const refused = await failure(service().addMembers({ agents: [{ membername: 'bruno.diaz', phone: '1002' }], campaigns: ['NoExiste->'] }));
    expect(refused).toMatchObject({ code: 'platform-error', message: expect.stringMatching(/none of the 1 pairs was added/) });
  });

  it('analyses a text list, reports a binary one, and uploads with progress and the counted records', async () => {
    const csv = join(dir, 'lista.csv');
    writeFileSync(csv, '\uFEFFtelefono,nombre\n099111222,Ana\n099333444,Bruno\n');
    const check = await service().analyzeList(csv);
    expect(check).toMatchObject({ status: 'text', analysis: { fileName: 'lista.csv', encoding: 'utf-8-bom', delimiter: ',', records: 2, hasHeader: true } });

    const zip = join(dir, 'libro.xlsx');
    writeFileSync(zip, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(40, 7)]));
    expect(await service().analyzeList(zip)).toEqual({ status: 'binary', fileName: 'libro.xlsx', binary: 'zip' });
    // Named .csv, found by the client's analysis: what it is still comes as a kind the screen says in its language.
    const pdf = join(dir, 'exportada.csv');
    writeFileSync(pdf, '%PDF-1.7\n1 0 obj\n');
    expect(await service().analyzeList(pdf)).toEqual({ status: 'binary', fileName: 'exportada.csv', binary: 'pdf' });
    const late = join(dir, 'nul-al-final.csv');
    writeFileSync(late, Buffer.concat([Buffer.from('telefono\n'), Buffer.from('099111222\n'.repeat(20_000)), Buffer.from([0])]));
    expect(await service().analyzeList(late)).toEqual({ status: 'binary', fileName: 'nul-al-final.csv', binary: 'nul' });

    const supervisor = service();
    const progress: number[] = [];
    supervisor.onUploadProgress((p) => p.uploadId === 'u1' && progress.push(p.bytesRead));
    expect(await supervisor.uploadList({ path: csv, campaign: 'Encuestas->', uploadId: 'u1' })).toEqual({ fileName: 'lista.csv', campaign: 'Encuestas->', cant: 2 });
    expect(progress.at(-1)).toBeGreaterThan(0);
    expect((await simState(sim)).lists).toMatchObject([{ campaign: 'Encuestas->', cant: 2, records: 2, filename: 'lista.csv' }]);
  });

  it('reads and uploads a list in a folder reached through a link (as /tmp is on macOS): only the file itself may not be one', async () => {
    mkdirSync(join(dir, 'real'));
    writeFileSync(join(dir, 'real', 'enlazada.csv'), 'telefono\n099111222\n099333444\n');
    symlinkSync(join(dir, 'real'), join(dir, 'via-link'));
    const csv = join(dir, 'via-link', 'enlazada.csv');
    expect(await service().analyzeList(csv)).toMatchObject({ status: 'text', analysis: { fileName: 'enlazada.csv', records: 2 } });
    expect(await service().uploadList({ path: csv, campaign: 'Encuestas->', uploadId: 'u2' })).toEqual({ fileName: 'enlazada.csv', campaign: 'Encuestas->', cant: 2 });
  });

  it('says a missing or empty list in the supervisor\'s words, next to the path, never in the client\'s English', async () => {
    expect(await failure(service().analyzeList(join(dir, 'no-existe.csv')))).toMatchObject({
      code: 'invalid-request', field: 'path', say: { key: 'sup.err.listMissing', params: {} }, message: expect.stringMatching(/^There is no file at that path/),
    });
    const empty = join(dir, 'vacia.csv');
    writeFileSync(empty, '');
    expect(await failure(service().analyzeList(empty))).toMatchObject({ field: 'path', say: { key: 'sup.err.listEmpty', params: {} } });
  });

  it('reads only absolute typed paths in browser mode, and only dialog-picked paths in Electron', async () => {
    expect(await failure(service().analyzeList('lista.csv'))).toMatchObject({ code: 'invalid-request', field: 'path' });

    const csv = join(dir, 'elegida.csv');
    writeFileSync(csv, '099111222\n');
    let next: string | null = csv;
    const dialog = service(signedIn, { kind: 'dialog', pick: async () => next });
    expect(dialog.info().filePicker).toBe(true);
    expect(await failure(dialog.analyzeList(csv))).toMatchObject({ code: 'invalid-request', field: 'path', message: expect.stringMatching(/Choose file/) });
    expect(await dialog.pickListFile()).toEqual({ status: 'picked', path: csv });
    expect(await dialog.analyzeList(csv)).toMatchObject({ status: 'text', analysis: { records: 1 } });
    next = null;
    expect(await dialog.pickListFile()).toEqual({ status: 'cancelled' });
    expect(await service().pickListFile()).toEqual({ status: 'unavailable' });
  });

  it('queues a dialer record with data rows joined as key=value;key=value', async () => {
    const reply = await service().addDialerRecord({
      campaign: 'Cobranzas->', destination: '099000111', alternatives: '', agent: '1001', source: 'crm', bulk: false, automatic: true,
      data: [{ key: ' cliente ', value: 'Peña ' }, { key: 'deuda', value: '100' }], calldate: '2030-01-02 03:04:05',
    });
    expect(reply).toEqual({ campaign: 'Cobranzas->', destination: '099000111' });
    expect((await simState(sim)).dialerTasks).toMatchObject([{ campaign: 'Cobranzas->', destination: '099000111', agent: '1001', data: 'cliente=Peña;deuda=100', calldate: '2030-01-02 03:04:05', automatic: true }]);
  });

  it('sends a destination as the digits the platform dials, and says a bad one beside its field without asking the platform', async () => {
    const record = { campaign: 'Cobranzas->', alternatives: '', agent: '', source: 'crm', bulk: false, automatic: true, data: [], calldate: null };
    expect(await service().addDialerRecord({ ...record, destination: '099 000-222' })).toEqual({ campaign: 'Cobranzas->', destination: '099000222' });
    expect((await simState(sim)).dialerTasks.at(-1)).toMatchObject({ destination: '099000222' });
    const before = (await simState(sim)).dialerTasks.length;
    expect(await failure(service().addDialerRecord({ ...record, destination: 'abc' }))).toMatchObject({ code: 'invalid-request', field: 'destination', say: { key: 'number.problem.letters' } });
    expect(await failure(service().addDialerRecord({ ...record, destination: '099000333 ext 12' }))).toMatchObject({ field: 'destination', say: { key: 'sup.err.recordExtension', params: { extension: '12' } } });
    expect((await simState(sim)).dialerTasks).toHaveLength(before);
  });
});
