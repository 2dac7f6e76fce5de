// Rows of the table-driven malformed-payload test (test/ipc) for the
// supervisor channels: each payload must be refused before the service runs.
import type { RequestChannel } from '../../../common/ipc-contract';

const agent = { membername: 'ana.garcia', phone: '1001' };
const record = { campaign: 'Cobranzas->', destination: '099123456', alternatives: '', agent: '', data: [], calldate: null, source: '', bulk: false, automatic: false };

export const supervisorMalformedPayloads: Record<Extract<RequestChannel, `supervisor.${string}`>, unknown[]> = {
  'supervisor.info': [undefined, null, { apiUser: 'x' }],
  'supervisor.campaigns': [undefined, 'all', { filter: 'x' }],
  'supervisor.dialers': [undefined, [], { campaign: 'x' }],
  'supervisor.createAgent': [
    undefined,
    {},
    { userName: 'a', fullname: 'A', phoneNumber: '12ab', password: 'p' },
    { userName: '', fullname: 'A', phoneNumber: '1234', password: 'p' },
    { userName: 'a', fullname: 'A', phoneNumber: '1234', password: '' },
    { userName: 'a', fullname: 'A', phoneNumber: '1234', password: 'p', context: 'admin' },
  ],
  'supervisor.addMembers': [
    undefined,
    { agents: [], campaigns: ['Soporte<-'] },
    { agents: [agent], campaigns: [] },
    { agents: [{ ...agent, phone: 'SIP/1001' }], campaigns: ['Soporte<-'] },
    { agents: [agent], campaigns: ['Soporte<-'], penalty: 5 },
  ],
  'supervisor.pickListFile': [undefined, { path: '/etc/passwd' }],
  'supervisor.analyzeList': [undefined, {}, { path: '' }, { path: 7 }, { path: '/tmp/x.csv', extra: true }],
  'supervisor.uploadList': [
    undefined,
    { path: '/tmp/x.csv', campaign: '', uploadId: 'u1' },
    { path: '/tmp/x.csv', campaign: 'Cobranzas->' },
    { path: '/tmp/x.csv', campaign: 'Cobranzas->', uploadId: 'u1', cant: 3 },
  ],
  'supervisor.addDialerRecord': [
    undefined,
    { ...record, destination: '' },
    { ...record, calldate: '2026-11-21T10:00' },
    { ...record, data: [{ key: '', value: 'x' }] },
    { ...record, bulk: 'yes' },
    { ...record, priority: 1 },
  ],
};
