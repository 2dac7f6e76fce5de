// A phone's own INVITE is challenged as Asterisk challenges an endpoint with
// inbound auth: 401 with a digest challenge (realm `asterisk`), then checked
// against the HA1 of the agent whose extension is the From user (sip.js
// answers with the HA1 it registered with). No credentials → 401 (whoever
// asks, so nobody learns which extensions exist); wrong ones → 403.
import { parseDigestCredentials, type DigestAuthenticator } from '../digest-auth';
import { tag } from '../registrar';
import { buildResponse, type SipRequest } from '../sip-message';
import type { AgentEntry } from '../../state/records';

export type InviteAuthResult = { readonly kind: 'ok'; readonly agent: AgentEntry } | { readonly kind: 'refused'; readonly response: string };

export class InviteAuth {
  constructor(
    private readonly authenticator: DigestAuthenticator,
    private readonly agentOf: (phone: string) => AgentEntry | undefined,
  ) {}

  check(request: SipRequest): InviteAuthResult {
    const toTag = tag();
    const authorization = request.getHeader('authorization') ?? request.getHeader('proxy-authorization');
    if (!authorization) {
      return { kind: 'refused', response: buildResponse(request, 401, 'Unauthorized', { toTag, headers: [this.authenticator.challengeHeader()] }) };
    }
    const credentials = parseDigestCredentials(authorization);
    const user = request.from.uri.user;
    const agent = user ? this.agentOf(user) : undefined;
    if (!credentials || !agent || credentials.username !== user) return { kind: 'refused', response: buildResponse(request, 403, 'Forbidden', { toTag }) };
    const verdict = this.authenticator.verify(credentials, 'INVITE', agent.md5secret);
    if (verdict === 'stale') {
      return { kind: 'refused', response: buildResponse(request, 401, 'Unauthorized', { toTag, headers: [this.authenticator.challengeHeader('WWW-Authenticate', true)] }) };
    }
    if (verdict === 'bad') return { kind: 'refused', response: buildResponse(request, 403, 'Forbidden', { toTag }) };
    return { kind: 'ok', agent };
  }
}
