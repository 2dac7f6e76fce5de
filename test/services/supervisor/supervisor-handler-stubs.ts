// Handlers for the supervisor channels that tests of other areas need to
// complete a RequestHandlers object; each runs the handler made for its channel (usually a throw).
import type { RequestHandlers } from '../../../main/ipc';

type Stub = () => Promise<never>;

export function supervisorHandlerStubs(make: Stub | ((channel: string) => Stub)): Pick<RequestHandlers, `supervisor.${string}` & keyof RequestHandlers> {
  const stub = (channel: string): Stub => (make.length === 1 ? (make as (channel: string) => Stub)(channel) : (make as Stub));
  return {
    'supervisor.info': stub('supervisor.info'),
    'supervisor.campaigns': stub('supervisor.campaigns'),
    'supervisor.dialers': stub('supervisor.dialers'),
    'supervisor.createAgent': stub('supervisor.createAgent'),
    'supervisor.addMembers': stub('supervisor.addMembers'),
    'supervisor.pickListFile': stub('supervisor.pickListFile'),
    'supervisor.analyzeList': stub('supervisor.analyzeList'),
    'supervisor.uploadList': stub('supervisor.uploadList'),
    'supervisor.addDialerRecord': stub('supervisor.addDialerRecord'),
  };
}
