// The supervisor area's request handlers: contract → SupervisorService.
import type { RequestChannel } from '../../common/ipc-contract';
import type { SupervisorService } from '../services/supervisor';
import type { RequestHandler } from './handle';

type SupervisorChannel = Extract<RequestChannel, `supervisor.${string}`>;

export function createSupervisorHandlers(supervisor: SupervisorService): { [C in SupervisorChannel]: RequestHandler<C> } {
  return {
    'supervisor.info': async () => supervisor.info(),
    'supervisor.campaigns': async () => ({ campaigns: await supervisor.campaigns() }),
    'supervisor.dialers': async () => ({ dialers: await supervisor.dialers() }),
    'supervisor.createAgent': (request) => supervisor.createAgent(request),
    'supervisor.addMembers': async (request) => ({ added: await supervisor.addMembers(request) }),
    'supervisor.pickListFile': () => supervisor.pickListFile(),
    'supervisor.analyzeList': ({ path }) => supervisor.analyzeList(path),
    'supervisor.uploadList': (request) => supervisor.uploadList(request),
    'supervisor.addDialerRecord': (request) => supervisor.addDialerRecord(request),
  };
}
