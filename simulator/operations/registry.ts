// Every operation by its path.
import { addQueueMember } from './add-queue-member';
import { agentLogin } from './agent-login';
import { clientAuth } from './client-auth';
import { createAgent } from './create-agent';
import { dialerTask } from './dialer-task';
import { disposition } from './disposition';
import { getCampaigns } from './get-campaigns';
import { getDialers } from './get-dialers';
import { hangup } from './hangup';
import { logout } from './logout';
import { makeCall } from './make-call';
import type { Operation } from './operation';
import { operationPaths, type OperationId } from './operation-ids';
import { uploadBase } from './upload-base';

const operations: Record<OperationId, Operation> = {
  clientAuth, agentLogin, logout, hangup, dialerTask, uploadBase,
  disposition, createAgent, addQueueMember, makeCall, getCampaigns, getDialers,
};

const byPath = new Map<string, Operation>(Object.entries(operationPaths).map(([id, path]) => [path, operations[id as OperationId]]));

export function operationAt(path: string): Operation | undefined {
  return byPath.get(path);
}
