// Where plain http:// may carry a password: this computer only. Loopback is
// 127.0.0.0/8, ::1 and the name `localhost` itself. Not `*.localhost`: RFC
// 6761 says resolvers should answer those with loopback, but glibc sends them
// to DNS like any other name, so `http://crm.localhost` can reach another
// machine in clear (issue 21).

/** A URL's `hostname` (brackets of an IPv6 literal allowed) names this computer. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/gu, '').toLowerCase();
  return host === 'localhost' || host === '::1' || isLoopbackIpv4(host);
}

function isLoopbackIpv4(host: string): boolean {
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/u.exec(host);
  return octets !== null && octets.slice(1).every((octet) => Number(octet) <= 255);
}

/**
 * Why an address must not be sent secrets, or null when it may: https:// anywhere, http:// only to
 * loopback. Plain words for a person, naming the address's host (never its user or password).
 */
export function plainHttpProblem(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'it is not a web address';
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol !== 'http:') return `it must start with https:// (not ${url.protocol}//)`;
  if (isLoopbackHost(url.hostname)) return null;
  return `http://${url.hostname} is not encrypted, so passwords and tokens would cross the network in clear; use its https:// address (plain http:// is only for this computer: 127.0.0.1, ::1 or localhost)`;
}
