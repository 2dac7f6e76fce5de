// A STUN or TURN server as the agent or IT sets it (issue 15): one address,
// `stun:`/`stuns:`/`turn:`/`turns:` with an optional `?transport=udp|tcp`, and
// for TURN the user name. The TURN credential is a secret: main keeps it in
// its vault (never in the settings file) and hands it to the phone only.
import { z } from 'zod';

const ICE_URL = /^(stuns?|turns?):(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?(\?transport=(udp|tcp))?$/iu;

export const iceServerSettingSchema = z
  .object({
    urls: z.string().trim().max(300).regex(ICE_URL, 'must be stun:host[:port] or turn(s):host[:port][?transport=udp|tcp]'),
    username: z.string().trim().max(256).default(''),
  })
  .strict();
export type IceServerSetting = z.infer<typeof iceServerSettingSchema>;

export const MAX_ICE_SERVERS = 4;

/** What the phone gives its peer connections: the settings with the credential main holds for each TURN address. */
export interface IceServer {
  readonly urls: string;
  readonly username?: string;
  readonly credential?: string;
}

export function iceServersFor(settings: readonly IceServerSetting[], credentialOf: (urls: string) => string | undefined): IceServer[] {
  return settings.slice(0, MAX_ICE_SERVERS).map(({ urls, username }) => {
    const credential = /^turns?:/iu.test(urls) ? credentialOf(urls) : undefined;
    return { urls, ...(username ? { username } : {}), ...(credential ? { credential } : {}) };
  });
}
