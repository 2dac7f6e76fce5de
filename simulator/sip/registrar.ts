// REGISTER and out-of-dialog OPTIONS, as an Asterisk WebSocket endpoint answers
// them: digest with realm `asterisk` against the agent's HA1; bindings tied to
// the WebSocket and their expiry; 200 OK repeating each Contact with `;expires=`.
import { randomBytes } from 'node:crypto';
import { Core } from 'sip.js';
import { parseDigestCredentials, type DigestAuthenticator } from './digest-auth';
import type { BindingStore } from './bindings';
import type { SipConnection } from './sip-connection';
import { buildResponse, type SipRequest } from './sip-message';

/** Looks up the HA1 (`md5secret`) of an agent by its SIP user (`name`). */
export type Ha1Lookup = (user: string) => string | undefined;

export interface RegistrarOptions {
  bindings: BindingStore;
  authenticator: DigestAuthenticator;
  ha1Of: Ha1Lookup;
  /** Expiry when the REGISTER names none (Asterisk's default_expiration: 120). */
  defaultExpires?: number;
  minExpires?: number;
  maxExpires?: number;
  now?: () => number;
}

export const ALLOW_HEADER = 'Allow: INVITE, ACK, CANCEL, BYE, OPTIONS, INFO, NOTIFY, REGISTER';

export class Registrar {
  private readonly now: () => number;

  constructor(private readonly options: RegistrarOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Handles REGISTER and OPTIONS; returns false for any other request. */
  handle(request: SipRequest, connection: SipConnection): boolean {
    if (request.method === 'REGISTER') {
      connection.send(this.register(request, connection));
      return true;
    }
    if (request.method === 'OPTIONS' && !request.toTag) {
      connection.send(
        buildResponse(request, 200, 'OK', {
          toTag: tag(),
          headers: [ALLOW_HEADER, 'Accept: application/sdp', 'Supported: path, outbound, gruu'],
        }),
      );
      return true;
    }
    return false;
  }

  private register(request: SipRequest, connection: SipConnection): string {
    const toTag = tag();
    const user = request.to.uri.user;
    const ha1 = user ? this.options.ha1Of(user) : undefined;
    const authorization = request.getHeader('authorization');
    if (!authorization) {
      return buildResponse(request, 401, 'Unauthorized', { toTag, headers: [this.options.authenticator.challengeHeader()] });
    }
    const credentials = parseDigestCredentials(authorization);
    // Wrong user, unknown user or wrong HA1 → 403, so a sip.js Registerer stops retrying.
    if (!credentials || !user || ha1 === undefined || credentials.username !== user) {
      return buildResponse(request, 403, 'Forbidden', { toTag });
    }
    const verdict = this.options.authenticator.verify(credentials, 'REGISTER', ha1);
    if (verdict === 'stale') {
      return buildResponse(request, 401, 'Unauthorized', {
        toTag,
        headers: [this.options.authenticator.challengeHeader('WWW-Authenticate', true)],
      });
    }
    if (verdict === 'bad') return buildResponse(request, 403, 'Forbidden', { toTag });
    return this.applyContacts(request, connection, user, toTag);
  }

  private applyContacts(request: SipRequest, connection: SipConnection, user: string, toTag: string): string {
    const { bindings } = this.options;
    const headerExpires = parseExpires(request.getHeader('expires'));
    const rawContacts = request.getHeaders('contact');
    if (rawContacts.length === 1 && rawContacts[0]?.trim() === '*') {
      if (headerExpires !== 0) return buildResponse(request, 400, 'Bad Request', { toTag });
      bindings.remove(user, '*');
      return buildResponse(request, 200, 'OK', { toTag });
    }
    for (let index = 0; index < rawContacts.length; index++) {
      const contact: unknown = request.parseHeader('contact', index);
      if (!(contact instanceof Core.NameAddrHeader)) return buildResponse(request, 400, 'Bad Request', { toTag });
      const requested = parseExpires(contact.getParam('expires') ?? undefined) ?? headerExpires ?? this.defaultExpires;
      if (requested === 0) {
        bindings.remove(user, contact.uri);
        continue;
      }
      const minExpires = this.options.minExpires ?? 60;
      if (requested < minExpires) {
        return buildResponse(request, 423, 'Interval Too Brief', { toTag, headers: [`Min-Expires: ${minExpires}`] });
      }
      const expires = Math.min(requested, this.options.maxExpires ?? 3600);
      bindings.upsert({ user, contact: contact.uri, contactRaw: contact.toString(), connection, expiresAt: this.now() + expires * 1000 });
    }
    const contactLines = bindings.live(user).map((b) => {
      const remaining = Math.max(1, Math.round((b.expiresAt - this.now()) / 1000));
      return `Contact: ${withExpires(b.contactRaw, remaining)}`;
    });
    return buildResponse(request, 200, 'OK', { toTag, headers: [...contactLines, `Date: ${new Date(this.now()).toUTCString()}`] });
  }

  private get defaultExpires(): number {
    return this.options.defaultExpires ?? 120;
  }
}

function withExpires(contactRaw: string, expires: number): string {
  const header = Core.Grammar.nameAddrHeaderParse(contactRaw);
  if (!header) return `${contactRaw};expires=${expires}`;
  header.setParam('expires', expires);
  return header.toString();
}

function parseExpires(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return undefined;
  return Number.parseInt(trimmed, 10);
}

export function tag(): string {
  return randomBytes(6).toString('hex');
}
