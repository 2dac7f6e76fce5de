// The real session port: an Integra client for the instance the agent signs
// in to, trusting the custom CA file when one is given.
import { MAX_CA_FILE_BYTES, readCaFile } from '../../api';
import type { TokenPolicyOperation } from '../../../common/ipc-contract';
import { createIntegraClient, type AuthorizedOperationId, type IntegraClient } from '../../api';
import { spokenFailure } from '../spoken-failure';
import type { ApiConnection } from './session-api';

export function createIntegraSessionApi(connection: ApiConnection): IntegraClient {
  const ca = connection.caFile ? caPemOf(connection.caFile) : undefined;
  const tokenPolicy = connection.tokenPolicy ?? {};
  return createIntegraClient({ baseUrl: connection.baseUrl, ...(ca ? { ca } : {}), tokenPolicy });
}

// The setting's operation list (common) and the client's must stay the same list.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const operationListsMatch: SameKeys<TokenPolicyOperation, AuthorizedOperationId> = true;
void operationListsMatch;

/** The CA file's PEM, or a spoken failure that names the file and what is wrong with it. */
function caPemOf(path: string): string {
  const read = readCaFile(path);
  if (read.ok) return read.pem;
  if (read.problem === 'unreadable') throw spokenFailure('tls-failure', 'session.err.caUnreadable', { path, code: read.code }, 'caFile');
  if (read.problem === 'not-pem') throw spokenFailure('tls-failure', 'session.err.caNotPem', { path }, 'caFile');
  throw spokenFailure('tls-failure', 'session.err.caNotFile', { path, max: String(MAX_CA_FILE_BYTES / 1024) }, 'caFile');
}
