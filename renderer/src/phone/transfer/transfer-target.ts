/**
 * Where the agent sends a call (a transfer, a consultation), and the SIP URI
 * it becomes at the platform's domain. Pure. Anything that would not make a
 * clean URI is refused here, before a request leaves the phone, with a
 * PhoneError the UI can say.
 *
 *   extension  { kind: 'extension', extension: '1002' }        sip:1002@host
 *   campaign   { kind: 'campaign', campaign: 'Soporte<-' }     sip:Soporte%3C-@host   (percent-encoded, the project's choice)
 *   number     { kind: 'number', number: '+598 99-123.456' }   sip:+59899123456@host (spaces, dashes and dots dropped)
 */
import { PhoneError } from '../phone-error';

export type TransferTarget =
  | { readonly kind: 'extension'; readonly extension: string }
  | { readonly kind: 'campaign'; readonly campaign: string }
  | { readonly kind: 'number'; readonly number: string };

/** A target checked and written as the platform needs it. */
export interface ResolvedTarget {
  /** `sip:<user>@<domain>`, the user part escaped. */
  readonly uri: string;
  /** The user part as dialled (unescaped), e.g. the call's remote user. */
  readonly user: string;
  /** What the agent chose, for the screen and the call record. */
  readonly shown: string;
}

const EXTENSION = /^[A-Za-z0-9._-]{1,40}$/;
const NUMBER = /^\+?[0-9]{1,24}$/;
const CAMPAIGN_MAX = 128;
/** Controls, and the invisible format characters a name could hide behind (untrusted-text.ts). */
const NOT_IN_A_NAME = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

export function resolveTarget(target: TransferTarget, domain: string): ResolvedTarget {
  const user = targetUser(target);
  return { uri: `sip:${escapeUser(user)}@${domain}`, user, shown: user };
}

function targetUser(target: TransferTarget): string {
  switch (target.kind) {
    case 'extension': {
      const extension = target.extension.trim();
      if (extension === '') throw new PhoneError('phone.err.target.empty');
      if (!EXTENSION.test(extension)) throw new PhoneError('phone.err.target.extension', { extension: shorten(extension) });
      return extension;
    }
    case 'campaign': {
      const campaign = target.campaign.trim();
      if (campaign === '') throw new PhoneError('phone.err.target.empty');
      if (campaign.length > CAMPAIGN_MAX || NOT_IN_A_NAME.test(campaign) || !wellFormed(campaign)) {
        throw new PhoneError('phone.err.target.campaign', { campaign: shorten(campaign) });
      }
      return campaign;
    }
    case 'number': {
      const number = target.number.replace(/[\s.-]/g, '');
      if (number === '') throw new PhoneError('phone.err.target.empty');
      if (!NUMBER.test(number)) throw new PhoneError('phone.err.target.number', { number: shorten(target.number) });
      return number;
    }
  }
}

/**
 * The user part as RFC 3261 allows it: unreserved characters and a leading
 * `+` as they are, everything else percent-encoded (UTF-8), so `<` becomes
 * `%3C` and a space `%20`.
 */
function escapeUser(user: string): string {
  return encodeURIComponent(user).replace(/^%2B/, '+');
}

/** No lone surrogate (it has no UTF-8 form, so no escape). */
function wellFormed(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

function shorten(text: string): string {
  const clean = text.replace(new RegExp(NOT_IN_A_NAME.source, 'gu'), '');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}
