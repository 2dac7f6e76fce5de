// Public surface of the Integra API client (main/api). Import from here only.
export { createIntegraClient } from './client';
export type {
  IntegraClient,
  ClientCredentials,
  AgentCredentials,
  LogOutInput,
  HangUpInput,
  UploadBaseInput,
  UploadBaseResult,
  HeldTokens,
} from './client-types';
export {
  DEFAULT_TOKEN_POLICY,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_UPLOAD_IDLE_TIMEOUT_MS,
  type IntegraClientOptions,
  type CallOptions,
  type UploadOptions,
  type UploadProgress,
  type TokenKind,
  type TokenPolicy,
} from './client-options';
export {
  IntegraError,
  PlatformRefusedError,
  HttpStatusError,
  UnexpectedResponseError,
  TimeoutError,
  ConnectionError,
  TlsError,
  AbortedError,
  BadInputError,
  NotSignedInError,
  isIntegraError,
  type IntegraErrorKind,
} from './errors';
export type { ProbeResult } from './http-transport';
export { OPERATIONS, operationTitle, type OperationId, type AuthorizedOperationId } from './operations';
export { analyzeDialingList } from './upload/analyze-dialing-list';
export type { DialingListAnalysis, ListEncoding } from './upload/dialing-list-analysis';
export { caFileProblem, caPemOrNull, MAX_CA_FILE_BYTES, readCaFile, type CaFileRead } from './ca-file';
export { trustedRoots } from './http-transport';
