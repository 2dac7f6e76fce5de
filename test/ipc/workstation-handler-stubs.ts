// Handlers for the workstation channels that tests of other areas need to
// complete a RequestHandlers object; each runs the handler made for its channel.
import type { RequestHandlers } from '../../main/ipc';

type Stub = () => Promise<never>;

export function workstationHandlerStubs(make: Stub | ((channel: string) => Stub)): Pick<RequestHandlers, `workstation.${string}` & keyof RequestHandlers> {
  const stub = (channel: string): Stub => (make.length === 1 ? (make as (channel: string) => Stub)(channel) : (make as Stub));
  return {
    'workstation.phoneStatus': stub('workstation.phoneStatus'),
    'workstation.log': stub('workstation.log'),
    'workstation.diagnostics': stub('workstation.diagnostics'),
  };
}
