// The phone's request handlers: contract → PhoneService.
import type { RequestChannel } from '../../common/ipc-contract';
import type { PhoneService } from '../services/phone';
import type { RequestHandler } from './handle';

type PhoneChannel = Extract<RequestChannel, `phone.${string}`>;

export function createPhoneHandlers(phone: PhoneService): { [C in PhoneChannel]: RequestHandler<C> } {
  return {
    'phone.waitSipReachable': (request) => phone.waitSipReachable(request),
    'phone.reregistered': (request) => phone.reregistered(request),
    'phone.keepLiveCall': (request) => phone.keepLiveCall(request),
    'phone.liveCalls': () => phone.liveCalls(),
  };
}
