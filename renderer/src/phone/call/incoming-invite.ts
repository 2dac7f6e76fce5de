/**
 * What an incoming INVITE says about its call, read once and cleaned: the
 * caller (From, or P-Asserted-Identity when the platform vouches for it), the
 * CTI object (cti-header.ts), who transferred it here (referred-by.ts) and
 * what it asks about auto-answer. The caller controls all of it: no bidi
 * override may show the agent another number (untrusted-text.ts).
 */
import type { Invitation } from 'sip.js';
import { withoutFormatControls } from '../../../../common/untrusted-text';
import type { Cti } from '../../../../common/domain/cti';
import { readCtiHeader } from './cti-header';
import { readReferredBy } from './referred-by';

export interface IncomingInvite {
  readonly remoteUser: string;
  readonly remoteDisplayName: string;
  readonly cti: Cti | null;
  readonly ctiError: string | null;
  readonly referredBy: string | null;
  readonly pAutoAnswer: string | undefined;
  readonly callInfo: readonly string[];
}

export function readIncomingInvite(invitation: Invitation, ctiHeader: string): IncomingInvite {
  const req = invitation.request;
  const { cti, error } = readCtiHeader(req.getHeader(ctiHeader));
  const remote = invitation.assertedIdentity ?? invitation.remoteIdentity;
  return {
    remoteUser: withoutFormatControls(remote.uri.user ?? ''),
    // sip.js types it as a string, but a From without a display name gives undefined.
    remoteDisplayName: withoutFormatControls((remote.displayName as string | undefined) ?? ''),
    cti,
    ctiError: error,
    referredBy: readReferredBy(req.getHeader('Referred-By')),
    pAutoAnswer: req.getHeader('P-Auto-Answer'),
    callInfo: req.getHeaders('Call-Info'),
  };
}
