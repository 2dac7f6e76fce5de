import type { CommandSpec } from './cli-types';
import { agentAuth, campaigns, clientAuth, disposition, hangup, logout, makeCall } from './commands/agent-commands';
import { addToCampaign, createAgent, dialerTask, dialers } from './commands/admin-commands';
import { uploadBase } from './commands/upload-base-command';

/** Every subcommand, in the spec's order of operations. */
export const COMMANDS: readonly CommandSpec[] = [
  clientAuth, agentAuth, logout, hangup, dialerTask, uploadBase, disposition, createAgent, addToCampaign, makeCall, campaigns, dialers,
];
