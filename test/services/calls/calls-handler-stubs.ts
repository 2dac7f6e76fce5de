// Handlers for the calls channels that tests of other areas need to complete
// a RequestHandlers object; each runs the handler made for its channel (usually a throw).
import type { RequestHandlers } from '../../../main/ipc';

type Stub = () => Promise<never>;

export function callsHandlerStubs(make: Stub | ((channel: string) => Stub)): Pick<RequestHandlers, `calls.${string}` & keyof RequestHandlers> {
  const stub = (channel: string): Stub => (make.length === 1 ? (make as (channel: string) => Stub)(channel) : (make as Stub));
  return {
    'calls.setup': stub('calls.setup'),
    'calls.makeCall': stub('calls.makeCall'),
    'calls.hangUp': stub('calls.hangUp'),
    'calls.submitDisposition': stub('calls.submitDisposition'),
    'calls.outboxStatus': stub('calls.outboxStatus'),
    'calls.pendingWrapUps': stub('calls.pendingWrapUps'),
    'calls.keepWrapUp': stub('calls.keepWrapUp'),
    'calls.discardWrapUp': stub('calls.discardWrapUp'),
  };
}
