// The real session port: an Integra client for the instance the agent signs
// in to, trusting the custom CA file when one is given.
import { readFileSync } from 'node:fs';
import type { TokenPolicyOperation } from '../../../common/ipc-contract';
import { createIntegraClient, type AuthorizedOperationId, type IntegraClient } from '../../api';
import { spokenFailure } from '../spoken-failure';
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
    throw spokenFailure('tls-failure', 'session.err.caUnreadable', { path, code }, 'caFile');
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    throw spokenFailure('tls-failure', 'session.err.caNotPem', { path }, 'caFile');
  }
  return text;
}
