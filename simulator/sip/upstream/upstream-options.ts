// The "external registrar" mode: the simulator hosts no registrar; its call
// originator is a SIP client of another server (Kamailio, Asterisk) reached
// through an outbound proxy over WS/WSS, with its own credentials.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const upstreamOptionsSchema = z
  .object({
    /** The server's SIP WebSocket, e.g. `wss://pbx.example:8089/ws`. */
    proxyWsUrl: z.string().regex(/^wss?:\/\/[^\s/]+(\/\S*)?$/, 'a ws:// or wss:// URL'),
    /** Host part of the agents' SIP URIs there: INVITEs go to `sip:<phone>@<domain>`. */
    domain: z.string().regex(/^[A-Za-z0-9.-]+(:\d+)?$/, 'a host name or address'),
    /** The originator's own SIP user on that server. */
    username: z.string().regex(/^[A-Za-z0-9._+-]+$/, 'a SIP user name'),
    /** Digest HA1 = md5(username:realm:password) (preferred: no password in files). */
    ha1: z.string().regex(/^[0-9a-fA-F]{32}$/, '32 hex digits').optional(),
    password: z.string().min(1).optional(),
    realm: z.string().min(1).default('asterisk'),
    /** PEM file of a CA to trust for `wss:` (a private PBX certificate). */
    caFile: z.string().min(1).optional(),
    /** REGISTER the originator (true) or only answer the server's challenges to INVITEs (false). */
    register: z.boolean().default(true),
    registerExpiresSec: z.number().int().min(60).max(3600).default(300),
  })
  .strict()
  .refine((o) => (o.ha1 === undefined) !== (o.password === undefined), { message: 'give exactly one of ha1 and password' });

export type UpstreamOptionsInput = z.input<typeof upstreamOptionsSchema>;
export type UpstreamOptions = z.output<typeof upstreamOptionsSchema>;

/** Parses upstream options from any source (a JSON file, a test) into typed options or a readable error. */
export function parseUpstreamOptions(value: unknown, source = 'the upstream SIP options'): UpstreamOptions {
  const parsed = upstreamOptionsSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(object)'}: ${i.message}`).join('; ');
  throw new Error(`Reading ${source} failed: ${problems}. Expected {proxyWsUrl, domain, username, ha1 | password, realm?, caFile?, register?}.`);
}

/** `--sip-upstream FILE`: a JSON file of upstream options. */
export function readUpstreamOptionsFile(file: string): UpstreamOptions {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`Reading the upstream SIP options file ${file} failed: ${(error as Error).message}.`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`Reading the upstream SIP options file ${file} failed: it is not JSON.`);
  }
  return parseUpstreamOptions(json, `the upstream SIP options file ${file}`);
}
