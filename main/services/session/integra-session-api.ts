// The real session port: an Integra client for the instance the agent signs
// in to, trusting the custom CA file when one is given.
import { readFileSync } from 'node:fs';
import { IpcFailure } from '../../../common/ipc-contract';
import type { TokenPolicyOperation } from '../../../common/ipc-contract';
import { createIntegraClient, type AuthorizedOperationId, type IntegraClient } from '../../api';
import type { ApiConnection } from './session-api';

export function createIntegraSessionApi(connection: ApiConnection): IntegraClient {
  const ca = connection.caFile ? readCaFile(connection.caFile) : undefined;
  const tokenPolicy = connection.tokenPolicy ?? {};
  return createIntegraClient({ baseUrl: connection.baseUrl, ...(ca ? { ca } : {}), tokenPolicy });
}

// The setting's operation list (common) and the client's must stay the same list.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const operationListsMatch: SameKeys<TokenPolicyOperation, AuthorizedOperationId> = true;
void operationListsMatch;

function readCaFile(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new IpcFailure({ code: 'tls-failure', field: 'caFile', message: `The CA certificate file ${path} could not be read (${code}). Choose a PEM file that exists.` });
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    throw new IpcFailure({ code: 'tls-failure', field: 'caFile', message: `The file ${path} holds no PEM certificate ("-----BEGIN CERTIFICATE-----"). Choose the CA certificate in PEM format.` });
  }
  return text;
}
