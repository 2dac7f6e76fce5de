import { AgentLoginRecordSchema, type AgentLoginRecord, CampaignListSchema, DialerListSchema, parseCampaignFields, parseDialerFields } from '../../common/domain';
import {
  DEFAULT_TIMEOUT_MS,
  DEFAULT_TOKEN_POLICY,
  DEFAULT_UPLOAD_IDLE_TIMEOUT_MS,
  type CallOptions,
  type IntegraClientOptions,
  type TokenKind,
  type TokenPolicy,
} from './client-options';
import type { AgentCredentials, ClientCredentials, IntegraClient } from './client-types';
import { NotSignedInError, PlatformRefusedError } from './errors';
import { createTransport, type TransportRequest } from './http-transport';
import { OPERATIONS, type AuthorizedOperationId } from './operations';
import * as forms from './request-forms';
import { parseGuid, parseJson, parseSuccessWord, parseToken } from './response-parsers';
import { prepareUpload } from './upload-base';

// The Integra client: one method per operation over one keep-alive pool.
// Holds credentials and tokens in memory; a `0` on an authorized operation
// triggers one re-authentication with the held credentials and one retry.

interface Held {
  token?: string;
  clientCredentials?: ClientCredentials;
  agentCredentials?: AgentCredentials;
}

type Body = TransportRequest['body'];

export function createIntegraClient(options: IntegraClientOptions): IntegraClient {
  const transport = createTransport(options);
  const policy: TokenPolicy = { ...DEFAULT_TOKEN_POLICY, ...options.tokenPolicy };
  const reauthenticate = options.reauthenticate ?? true;
  const held: Record<TokenKind, Held> = { client: {}, agent: {} };
  /** Re-authentications under way, shared by every call that needs one (and by renewAgentLogin). */
  const pending: { client?: Promise<string>; agent?: Promise<AgentLoginRecord> } = {};

  const secrets = (): string[] =>
    [held.client.token, held.agent.token, held.client.clientCredentials?.password, held.agent.agentCredentials?.password].filter(
      (s): s is string => typeof s === 'string' && s.length > 0,
    );
  const timeout = (call?: CallOptions) => call?.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signalOf = (call?: CallOptions) => (call?.signal ? { signal: call.signal } : {});

  async function clientAuthenticate(credentials: ClientCredentials, call?: CallOptions): Promise<string> {
    const body = forms.clientAuthForm(credentials.user, credentials.password);
    const text = await transport.send({
      operation: 'clientAuth', path: OPERATIONS.clientAuth.path, body, timeoutMs: timeout(call), ...signalOf(call),
      secrets: [...secrets(), credentials.password],
    });
    const token = parseToken('clientAuth', text);
    held.client = { token, clientCredentials: { ...credentials } };
    return token;
  }

  async function agentAuthenticate(credentials: AgentCredentials, call?: CallOptions) {
    const body = forms.agentLoginForm(credentials.agent, credentials.password);
    const text = await transport.send({
      operation: 'agentLogin', path: OPERATIONS.agentLogin.path, body, timeoutMs: timeout(call), ...signalOf(call),
      secrets: [...secrets(), credentials.password],
    });
    const record = parseJson('agentLogin', text, AgentLoginRecordSchema, 'agent record');
    held.agent = { token: record.token, agentCredentials: { ...credentials } };
    return record;
  }

  function tokenFor(operation: AuthorizedOperationId): { kind: TokenKind; token: string } {
    const preferred = policy[operation];
    const other: TokenKind = preferred === 'agent' ? 'client' : 'agent';
    for (const kind of [preferred, other]) {
      const token = held[kind].token;
      if (token) return { kind, token };
    }
    throw new NotSignedInError(operation);
  }

  function renewClient(call?: CallOptions): Promise<string> | undefined {
    const credentials = held.client.clientCredentials;
    if (!credentials) return undefined;
    pending.client ??= clientAuthenticate(credentials, call).finally(() => (pending.client = undefined));
    return pending.client;
  }

  function renewAgent(call?: CallOptions): Promise<AgentLoginRecord> | undefined {
    const credentials = held.agent.agentCredentials;
    if (!credentials) return undefined;
    pending.agent ??= agentAuthenticate(credentials, call).finally(() => (pending.agent = undefined));
    return pending.agent;
  }

  function reauth(kind: TokenKind, call?: CallOptions): Promise<unknown> | undefined {
    if (!reauthenticate) return undefined;
    return kind === 'client' ? renewClient(call) : renewAgent(call);
  }

  async function authorized<T>(
    operation: AuthorizedOperationId,
    makeBody: () => Body,
    parse: (text: string) => T,
    call?: CallOptions,
    idleTimeoutMs?: number,
  ): Promise<T> {
    const attempt = async (): Promise<{ value: T } | { refused: PlatformRefusedError; kind: TokenKind; token: string }> => {
      const { kind, token } = tokenFor(operation);
      const text = await transport.send({
        operation, path: OPERATIONS[operation].path, token, body: makeBody(), ...signalOf(call), secrets: secrets(),
        timeoutMs: idleTimeoutMs ?? timeout(call), idleTimeout: idleTimeoutMs !== undefined,
      });
      try {
        return { value: parse(text) };
      } catch (error) {
        if (error instanceof PlatformRefusedError) return { refused: error, kind, token };
        throw error;
      }
    };
    const first = await attempt();
    if ('value' in first) return first.value;
    // Another call may already have renewed the token; otherwise renew it once.
    if (held[first.kind].token === first.token) {
      const renewing = reauth(first.kind, call);
      if (!renewing) throw first.refused;
      await renewing;
    }
    const second = await attempt();
    if ('value' in second) return second.value;
    // Refused again with a token just issued: the data, or the session? A harmless read with the same
    // token tells them apart (an expired session refuses it too), so the message names the right cause.
    throw (await sessionAccepted(second.kind, call)) ? second.refused : second.refused.again();
  }

  /** Whether the platform accepts the held token of `kind` now (Get Campaigns, read-only); undefined when it could not be asked. */
  async function sessionAccepted(kind: TokenKind, call?: CallOptions): Promise<boolean | undefined> {
    const token = held[kind].token;
    if (!token) return false;
    try {
      const text = await transport.send({
        operation: 'getCampaigns', path: OPERATIONS.getCampaigns.path, token, body: forms.getCampaignsForm(), ...signalOf(call),
        secrets: secrets(), timeoutMs: timeout(call),
      });
      const trimmed = text.trim();
      return trimmed !== '0' && trimmed !== 'Error';
    } catch {
      return undefined;
    }
  }

  const client: IntegraClient = {
    clientAuthenticate,
    agentAuthenticate,
    renewAgentLogin(call) {
      const renewing = renewAgent(call);
      if (!renewing) return Promise.reject(new NotSignedInError('agentLogin'));
      return renewing;
    },
    logOut: (input, call) =>
      authorized('logout', () => forms.logOutForm(input), (t) => parseSuccessWord('logout', t, 'Success'), call),
    hangUpCall: (input, call) =>
      authorized('hangup', () => forms.hangUpForm(input), (t) => parseSuccessWord('hangup', t, '1'), call),
    addRecordToDialer: (task, call) =>
      authorized('dialerTask', () => forms.dialerTaskForm(task), (t) => parseSuccessWord('dialerTask', t, '1'), call),
    callDisposition: (d, call) =>
      authorized('disposition', () => forms.dispositionForm(d), (t) => parseSuccessWord('disposition', t, 'OK'), call),
    createAgent: (input, call) =>
      authorized('createAgent', () => forms.createAgentForm(input), (t) => parseSuccessWord('createAgent', t, '1'), call),
    addAgentsToCampaigns: (members, call) =>
      authorized('addQueueMember', () => forms.queueMembersForm(members), (t) => parseSuccessWord('addQueueMember', t, '1'), call),
    makeCall: (input, call) =>
      authorized('makeCall', () => forms.makeCallForm(input), (t) => parseGuid('makeCall', t, options.guidPattern), call),
    getCampaigns: (call) =>
      authorized('getCampaigns', forms.getCampaignsForm, (t) => parseJson('getCampaigns', t, CampaignListSchema, 'campaign list').map(parseCampaignFields), call),
    getDialers: (call) =>
      authorized('getDialers', () => null, (t) => parseJson('getDialers', t, DialerListSchema, 'dialer list').map(parseDialerFields), call),
    async uploadBase(input, upload = {}) {
      tokenFor('uploadBase'); // fail before reading the file when not signed in
      const prepared = await prepareUpload(input, upload);
      const idle = upload.timeoutMs ?? options.timeoutMs ?? DEFAULT_UPLOAD_IDLE_TIMEOUT_MS;
      await authorized('uploadBase', () => prepared.body, (t) => parseSuccessWord('uploadBase', t, '1'), upload, Math.max(idle, 1));
      return prepared.result;
    },
    probe: (call) => transport.probe({ timeoutMs: timeout(call), ...signalOf(call) }),
    setTokens(tokens) {
      if (tokens.client !== undefined) held.client = { token: tokens.client };
      if (tokens.agent !== undefined) held.agent = { token: tokens.agent };
    },
    heldTokens: () => ({ client: Boolean(held.client.token), agent: Boolean(held.agent.token) }),
    forget(kind) {
      if (kind === undefined || kind === 'client') held.client = {};
      if (kind === undefined || kind === 'agent') held.agent = {};
    },
    close: () => transport.close(),
  };
  return client;
}
