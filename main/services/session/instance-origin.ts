// The instance a sign-in goes to, checked before anything is sent there: an
// https:// address, or http:// only on this machine (the simulator and tests).
// Its origin keys the remembered password, so a password kept for one
// instance is never sent to another (issue 13).
import { isLoopbackHost } from '../../../common/loopback';
import { spokenFailure } from '../spoken-failure';

/** The origin (`https://host[:port]`) of an instance address; throws a spoken failure for one the app must not use. */
export function instanceOrigin(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw spokenFailure('invalid-request', 'session.err.badInstance', {}, 'instanceUrl');
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return url.origin;
  if (url.protocol === 'http:') throw spokenFailure('invalid-request', 'session.err.insecureInstance', { host: url.hostname }, 'instanceUrl');
  throw spokenFailure('invalid-request', 'session.err.badInstance', {}, 'instanceUrl');
}
