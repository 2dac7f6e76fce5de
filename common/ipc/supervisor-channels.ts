// Channel names of the supervisor area as plain constants (no zod), for the
// preload; the schemas are in supervisor.ts.
export const SUPERVISOR_REQUEST_CHANNELS = [
  'supervisor.info',
  'supervisor.campaigns',
  'supervisor.dialers',
  'supervisor.createAgent',
  'supervisor.addMembers',
  'supervisor.pickListFile',
  'supervisor.analyzeList',
  'supervisor.uploadList',
  'supervisor.addDialerRecord',
] as const;

export const SUPERVISOR_EVENT_CHANNELS = ['supervisor.uploadProgress'] as const;
