import type { AuthorizedOperationId } from './operations';

/** Which token an authorized operation sends. */
export type TokenKind = 'agent' | 'client';
export type TokenPolicy = Record<AuthorizedOperationId, TokenKind>;

/**
 * The architecture's default: agent operations use the agent token, the
 * administrative ones the client token. Either falls back to the other when
 * it is the only one held.
 */
export const DEFAULT_TOKEN_POLICY: TokenPolicy = {
  logout: 'agent',
  hangup: 'agent',
  makeCall: 'agent',
  disposition: 'agent',
  getCampaigns: 'agent',
  dialerTask: 'client',
  uploadBase: 'client',
  createAgent: 'client',
  addQueueMember: 'client',
  getDialers: 'client',
};

export const DEFAULT_TIMEOUT_MS = 15_000;
/** Upload Base: the time allowed without reading a byte of the file or, once sent, without an answer. */
export const DEFAULT_UPLOAD_IDLE_TIMEOUT_MS = 60_000;

export interface IntegraClientOptions {
  /** `https://<tenant>.ucontactcloud.com` (no path; the client adds `/Integra/resources/...`). */
  baseUrl: string;
  /** Extra trusted CA certificate(s), PEM text; added to the system and bundled roots, never replacing them. */
  ca?: string | readonly string[];
  /** Per-request timeout; default 15 s. For Upload Base it is an idle timeout (default 60 s). */
  timeoutMs?: number;
  /** Overrides of the token policy per operation. */
  tokenPolicy?: Partial<TokenPolicy>;
  /** Re-authenticate once with held credentials after a `0` on an authorized operation; default true. */
  reauthenticate?: boolean;
  /** What a Make Call GUID must look like; default a UUID (8-4-4-4-12 hex). */
  guidPattern?: RegExp;
  /** Keep-alive of idle connections; default 30 s. */
  keepAliveTimeoutMs?: number;
  /** Parallel connections to the instance; default 8. */
  connections?: number;
}

/** Every method takes these. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's timeout for this request. */
  timeoutMs?: number;
}

export interface UploadProgress {
  bytesRead: number;
  totalBytes: number;
}

export interface UploadOptions extends CallOptions {
  /** Called as the file is read (bytes of the file on disk). */
  onProgress?: (progress: UploadProgress) => void;
}
