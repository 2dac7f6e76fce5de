// Channel names of the workstation area (issue 6) as plain constants (no zod),
// for the preload; the schemas are in workstation.ts.
export const WORKSTATION_REQUEST_CHANNELS = ['workstation.phoneStatus', 'workstation.log', 'workstation.diagnostics', 'workstation.diagnosticsBundle', 'workstation.checkApi', 'workstation.reportCheck'] as const;

export const WORKSTATION_EVENT_CHANNELS = ['workstation.command', 'workstation.dialLink'] as const;
