// The narrow port the session needs from the Integra client. IntegraClient
// (main/api) satisfies it; tests use the simulator through the real client or
// a fake of this port.
import { z } from 'zod';
import type { TokenPolicySetting } from '../../../common/ipc-contract';

export interface SessionApi {
  agentAuthenticate(input: { agent: string; password: string }): Promise<unknown>;
  /** Agent Authentication again with the credentials the client kept from agentAuthenticate (session renewal). */
  renewAgentLogin(options?: { signal?: AbortSignal }): Promise<unknown>;
  clientAuthenticate(input: { user: string; password: string }): Promise<unknown>;
  logOut(input: { agent: string; interface?: string; message?: string }): Promise<unknown>;
  close?(): Promise<void> | void;
}

export interface ApiConnection {
  baseUrl: string;
  /** Path of a PEM file with an extra CA to trust, or undefined. */
  caFile?: string;
  /** The app setting: which token each operation sends; `{}` or absent = the client's default. */
  tokenPolicy?: TokenPolicySetting;
}

export type SessionApiFactory<Api extends SessionApi> = (connection: ApiConnection) => Api | Promise<Api>;

/** The fields of Agent Authentication's record the session uses; the rest is ignored here. */
export const signedInAgentSchema = z.looseObject({
  name: z.string().min(1),
  host: z.string().min(1),
  md5secret: z.string().min(1),
  token: z.string().min(1),
  accountcode: z.string().nullish(),
  fullname: z.string().nullish(),
});
export type SignedInAgent = z.infer<typeof signedInAgentSchema>;
