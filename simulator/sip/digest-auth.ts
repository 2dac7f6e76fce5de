// HTTP digest authentication for SIP (RFC 2617 / RFC 3261 §22), checked against
// the agent's HA1 (`md5secret` = md5("<name>:<realm>:<secret>")), as Asterisk does.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface DigestCredentials {
  username: string;
  realm: string;
  nonce: string;
  uri: string;
  response: string;
  algorithm?: string;
  qop?: string;
  nc?: string;
  cnonce?: string;
}

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

/**
 * Reads the comma-separated `name=value` / `name="quoted"` list of a Digest
 * Authorization header. Returns undefined when it is not a Digest header or a
 * required parameter is missing.
 */
export function parseDigestCredentials(header: string): DigestCredentials | undefined {
  const trimmed = header.trim();
  if (!/^digest\s/i.test(trimmed)) return undefined;
  const params = new Map<string, string>();
  let i = trimmed.indexOf(' ') + 1;
  while (i < trimmed.length) {
    while (i < trimmed.length && (trimmed[i] === ' ' || trimmed[i] === ',')) i++;
    const eq = trimmed.indexOf('=', i);
    if (eq < 0) break;
    const name = trimmed.slice(i, eq).trim().toLowerCase();
    i = eq + 1;
    let value = '';
    if (trimmed[i] === '"') {
      i++;
      while (i < trimmed.length && trimmed[i] !== '"') {
        if (trimmed[i] === '\\') i++;
        value += trimmed[i] ?? '';
        i++;
      }
      i++;
    } else {
      const end = trimmed.indexOf(',', i);
      value = trimmed.slice(i, end < 0 ? undefined : end).trim();
      i = end < 0 ? trimmed.length : end;
    }
    params.set(name, value);
  }
  const need = (key: string): string | undefined => params.get(key);
  const username = need('username');
  const realm = need('realm');
  const nonce = need('nonce');
  const uri = need('uri');
  const response = need('response');
  if (username === undefined || realm === undefined || nonce === undefined || uri === undefined || response === undefined) {
    return undefined;
  }
  const optional = (key: string): Partial<Record<string, string>> => {
    const value = params.get(key);
    return value === undefined ? {} : { [key]: value };
  };
  return { username, realm, nonce, uri, response, ...optional('algorithm'), ...optional('qop'), ...optional('nc'), ...optional('cnonce') };
}

/**
 * Issues and checks nonces without server-side storage: a nonce is a timestamp
 * plus an HMAC of it under a per-start key, valid for `nonceLifetimeMs`.
 */
export class DigestAuthenticator {
  private readonly key = randomBytes(32);

  constructor(
    readonly realm: string,
    private readonly nonceLifetimeMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  challengeHeader(headerName: 'WWW-Authenticate' | 'Proxy-Authenticate' = 'WWW-Authenticate', stale = false): string {
    const stamp = this.now().toString(16);
    const nonce = `${stamp}.${this.sign(stamp)}`;
    return `${headerName}: Digest realm="${this.realm}", nonce="${nonce}", algorithm=MD5, qop="auth"${stale ? ', stale=true' : ''}`;
  }

  /** 'ok', 'stale' (nonce too old: challenge again) or 'bad' (wrong credentials). */
  verify(credentials: DigestCredentials, method: string, ha1: string): 'ok' | 'stale' | 'bad' {
    if (credentials.realm !== this.realm) return 'bad';
    if (credentials.algorithm !== undefined && credentials.algorithm.toUpperCase() !== 'MD5') return 'bad';
    const ha2 = md5(`${method}:${credentials.uri}`);
    const expected =
      credentials.qop === 'auth'
        ? md5(`${ha1.toLowerCase()}:${credentials.nonce}:${credentials.nc ?? ''}:${credentials.cnonce ?? ''}:auth:${ha2}`)
        : md5(`${ha1.toLowerCase()}:${credentials.nonce}:${ha2}`);
    if (!safeEqual(expected, credentials.response.toLowerCase())) return 'bad';
    return this.nonceFresh(credentials.nonce) ? 'ok' : 'stale';
  }

  private nonceFresh(nonce: string): boolean {
    const [stamp, signature] = nonce.split('.');
    if (!stamp || !signature || !safeEqual(this.sign(stamp), signature)) return false;
    const issuedAt = Number.parseInt(stamp, 16);
    return Number.isFinite(issuedAt) && this.now() - issuedAt <= this.nonceLifetimeMs;
  }

  private sign(stamp: string): string {
    return createHmac('sha256', this.key).update(stamp).digest('hex').slice(0, 32);
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** md5("<user>:<realm>:<password>"), the HA1 Asterisk stores as `md5secret`. */
export function digestHa1(user: string, realm: string, password: string): string {
  return md5(`${user}:${realm}:${password}`);
}
