// Rows of the table-driven malformed-payload test (test/ipc) for the calls
// channels: each payload must be refused before the service runs.
import type { RequestChannel } from '../../../common/ipc-contract';

const wrapUp = { guid: 'g-1', campaign: 'Manual->', callerid: '099123456', destination: '099123456', startedAt: null, endedAt: '2026-11-21T10:00:00.000Z' };
const missed = { id: 'm-1', guid: null, caller: '099123456', campaign: 'Soporte<-', offeredAt: '2026-11-21T10:00:00.000Z', endedAt: '2026-11-21T10:00:30.000Z', reason: 'rang-out' };
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
  'calls.openForm': [undefined, {}, { guid: 'g', caller: 'c', campaign: 'x', form: '' }, { guid: 'g', caller: 'c', campaign: 'x', form: 'f', extra: 1 }, { guid: 7 }],
  'calls.recordFinished': [undefined, {}, { id: 'x', outcome: 'missed' }, { id: 'x', guid: null, caller: 'c', campaign: null, offeredAt: 'yesterday', endedAt: 'now', outcome: 'answered', talkSeconds: -1 }, { id: 'x', guid: null, caller: 'c', campaign: null, offeredAt: '2026-11-21T10:00:00.000Z', endedAt: '2026-11-21T10:00:30.000Z', outcome: 'answered', talkSeconds: 3, quality: { startedAt: '2026-11-21T10:00:00.000Z', everySeconds: 5, points: Array.from({ length: 361 }, (_, i) => ({ atSeconds: i * 5, packets: 250, lossPercent: 0, jitterMs: 1, rttMs: 1, mos: 4.4 })), droppedPoints: 0, pairs: [] } }],
  'calls.recentCalls': [null, 'all', { agent: 'bruno.diaz' }],
  'calls.qualityTimeline': [undefined, {}, { id: '' }, { id: 'x'.repeat(201) }, { id: 'c-1', agent: 'bruno.diaz' }],
  'calls.myCallbacks': [null, 'all', { agent: 'bruno.diaz' }],
  'calls.callbackDone': [undefined, {}, { guid: '' }, { guid: 'g', extra: 1 }],
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
  'calls.parkedDispositions': [undefined, null, { agent: 'bruno.diaz' }],
  'calls.retryParked': [undefined, {}, { id: '' }, { id: '   ' }, { id: 7 }, { id: 'x'.repeat(201) }, { id: 'p-1', force: true }],
  'calls.missedCalls': [undefined, 'all', { agent: 'bruno.diaz' }],
  'calls.recordMissed': [
    undefined,
    {},
    { ...missed, id: '' },
    { ...missed, reason: 'ignored' },
    { ...missed, offeredAt: 'a minute ago' },
    { ...missed, caller: '9'.repeat(65) },
    { ...missed, agent: 'bruno.diaz' },
    { ...missed, guid: undefined },
  ],
  'calls.dismissMissed': [
    undefined,
    {},
    { ids: [] },
    { ids: [''] },
    { ids: Array.from({ length: 1001 }, (_, i) => `m-${i}`) },
    { all: false },
    { all: true, ids: ['m-1'] },
    { ids: ['m-1'], agent: 'bruno.diaz' },
  ],
};
