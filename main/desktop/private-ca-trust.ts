// The phone's WSS connection behind a private CA, in Electron. Chromium checks
// it against the OS store, so the `caFile` setting (which main's HTTPS calls
// use) would not help the phone. This verify-proc verdict trusts a
// certificate ONLY when Chromium's sole complaint is an unknown authority
// (ERR_CERT_AUTHORITY_INVALID: name and dates were fine), the host is the
// SIP host of the signed-in session, and the chain really ends at the
// configured CA (signatures and validity checked here). Everything else keeps
// Chromium's own verdict: never a blanket accept.
import { X509Certificate } from 'node:crypto';

/** Chromium's net error for "issued by an authority I do not know". */
export const ERR_CERT_AUTHORITY_INVALID = -202;
/** setCertificateVerifyProc verdicts: 0 = trusted, -3 = use Chromium's own result. */
export type CertificateVerdict = 0 | -3;

export interface CertificateLike {
  /** PEM. */
  readonly data: string;
  readonly issuerCert?: CertificateLike | undefined;
}

export interface VerifyRequestLike {
  readonly hostname: string;
  readonly certificate: CertificateLike;
  readonly errorCode: number;
}

export interface PrivateCaTrust {
  /** The configured CA file's PEM text, or null when none is set or it cannot be read. */
  readonly caPem: string | null;
  /** Host names allowed to use it (the signed-in phone's WSS host). */
  readonly hosts: readonly string[];
}

const MAX_CHAIN = 5;

export function privateCaVerdict(request: VerifyRequestLike, trust: PrivateCaTrust, now = new Date()): CertificateVerdict {
  if (request.errorCode !== ERR_CERT_AUTHORITY_INVALID || !trust.caPem) return -3;
  if (!trust.hosts.some((host) => host.toLowerCase() === request.hostname.toLowerCase())) return -3;
  return chainsToCa(request.certificate, trust.caPem, now) ? 0 : -3;
}

/** True when each certificate from the leaf up is signed by the next, and one of them by the CA; all within their dates. */
export function chainsToCa(leaf: CertificateLike, caPem: string, now = new Date()): boolean {
  try {
    const ca = new X509Certificate(caPem);
    if (!ca.ca || !withinDates(ca, now)) return false;
    let current: CertificateLike | undefined = leaf;
    for (let depth = 0; current && depth < MAX_CHAIN; depth += 1) {
      const cert = new X509Certificate(current.data);
      if (!withinDates(cert, now)) return false;
      if (cert.checkIssued(ca) && cert.verify(ca.publicKey)) return true;
      const issuer: CertificateLike | undefined = current.issuerCert;
      if (!issuer || issuer.data === current.data) return false;
      const next = new X509Certificate(issuer.data);
      if (!next.ca || !cert.checkIssued(next) || !cert.verify(next.publicKey)) return false;
      current = issuer;
    }
    return false;
  } catch {
    return false;
  }
}

function withinDates(cert: X509Certificate, now: Date): boolean {
  return new Date(cert.validFrom) <= now && now <= new Date(cert.validTo);
}

/** The host of a `wss://host:port/path` address, or null. */
export function wsHost(wsUrl: string | null | undefined): string | null {
  if (!wsUrl) return null;
  try {
    return new URL(wsUrl).hostname.replace(/^\[(.*)\]$/u, '$1');
  } catch {
    return null;
  }
}
