// Rows of the table-driven malformed-payload test (test/ipc) for the calls
// channels: each payload must be refused before the service runs.
import type { RequestChannel } from '../../../common/ipc-contract';

const wrapUp = { guid: 'g-1', campaign: 'Manual->', callerid: '099123456', destination: '099123456', startedAt: null, endedAt: '2026-11-21T10:00:00.000Z' };
const disposition = { guid: 'g-1', campaign: 'Manual->', callerid: '099123456', l1: 'Contactado' };

export const callsMalformedPayloads: Record<Extract<RequestChannel, `calls.${string}`>, unknown[]> = {
  'calls.setup': [undefined, null, { agent: 'other' }],
  'calls.makeCall': [
    undefined,
    {},
    { campaign: '', number: '099123456' },
    { campaign: 'Manual->', number: 99 },
    { campaign: 'Manual->', number: '099123456', agent: 'bruno.diaz' },
    { campaign: 'Manual->', number: '9'.repeat(201) },
  ],
  'calls.hangUp': [undefined, { phone: '1002' }],
  'calls.submitDisposition': [
    undefined,
    {},
    { ...disposition, l1: '' },
    { ...disposition, l1: '   ' },
    { ...disposition, guid: '' },
    { ...disposition, schedule: 'tomorrow at 10' },
    { ...disposition, agent: 'bruno.diaz' },
    { ...disposition, comment: 'c'.repeat(2001) },
  ],
  'calls.outboxStatus': [undefined, 'all', { pending: 1 }],
  'calls.pendingWrapUps': [undefined, null, { agent: 'bruno.diaz' }],
  'calls.keepWrapUp': [
    undefined,
    {},
    { ...wrapUp, guid: '' },
    { ...wrapUp, guid: '   ' },
    { ...wrapUp, endedAt: 'yesterday' },
    { ...wrapUp, startedAt: 1700000000 },
    { ...wrapUp, agent: 'bruno.diaz' },
    { ...wrapUp, callerid: '9'.repeat(65) },
  ],
  'calls.discardWrapUp': [undefined, {}, { guid: '' }, { guid: 7 }, { guid: 'g-1', all: true }],
};
