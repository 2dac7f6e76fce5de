// The workstation area's request handlers: contract → WorkstationPort.
import type { RequestChannel } from '../../common/ipc-contract';
import type { WorkstationPort } from '../services/workstation';
import type { RequestHandler } from './handle';

type WorkstationChannel = Extract<RequestChannel, `workstation.${string}`>;

export function createWorkstationHandlers(workstation: WorkstationPort): { [C in WorkstationChannel]: RequestHandler<C> } {
  return {
    'workstation.phoneStatus': async (status) => {
      workstation.reportPhoneStatus(status);
      return {};
    },
    'workstation.log': async (record) => {
      workstation.log(record);
      return {};
    },
    'workstation.diagnostics': async () => ({ text: workstation.diagnostics() }),
    'workstation.diagnosticsBundle': (request) => workstation.diagnosticsBundle(request),
    'workstation.checkApi': () => workstation.checkApi(),
    'workstation.reportCheck': async (report) => {
      workstation.reportCheck(report);
      return {};
    },
  };
}
