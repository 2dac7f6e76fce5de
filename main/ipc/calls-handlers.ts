// The calls area's request handlers: contract → CallsService.
import type { RequestChannel } from '../../common/ipc-contract';
import type { CallsService } from '../services/calls';
import type { RequestHandler } from './handle';

type CallsChannel = Extract<RequestChannel, `calls.${string}`>;

export function createCallsHandlers(calls: CallsService): { [C in CallsChannel]: RequestHandler<C> } {
  return {
    'calls.setup': () => calls.setup(),
    'calls.makeCall': (request) => calls.makeCall(request),
    'calls.hangUp': () => calls.hangUp(),
    'calls.submitDisposition': (request) => calls.submitDisposition(request),
    'calls.outboxStatus': () => calls.outboxStatus(),
    'calls.pendingWrapUps': () => calls.pendingWrapUps(),
    'calls.keepWrapUp': (request) => calls.keepWrapUp(request),
    'calls.openForm': (request) => calls.openForm(request),
    'calls.discardWrapUp': (request) => calls.discardWrapUp(request.guid),
    'calls.parkedDispositions': () => calls.parkedDispositions(),
    'calls.retryParked': (request) => calls.retryParked(request.id),
    'calls.missedCalls': () => calls.missedCalls(),
    'calls.recordMissed': (request) => calls.recordMissed(request),
    'calls.dismissMissed': (request) => calls.dismissMissed(request),
    'calls.recordFinished': (request) => calls.recordFinished(request),
    'calls.recentCalls': () => calls.recentCalls(),
    'calls.qualityTimeline': (request) => calls.qualityTimeline(request.id),
    'calls.myCallbacks': () => calls.myCallbacks(),
    'calls.callbackDone': (request) => calls.callbackDone(request.guid),
  };
}
