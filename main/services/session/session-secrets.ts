// The secrets of the session, pinned in the log redactor while it holds them:
// no number of other remembered secrets (passwords of failed sign-ins, tokens
// renewed away, TURN credentials saved) can push these out of the log's reach.
// What it lets go stays remembered, among the evictable.
import type { SipCredentials } from '../../../common/ipc-contract';
import { holdSecrets } from '../logging';

type Secret = string | null | undefined;

export interface SessionSecrets {
  /** The passwords of a sign-in under way or done, and the client token once there is one. */
  signIn(...secrets: Secret[]): void;
  /** The agent's token and HA1 from the latest record, and the TURN credentials handed to the phone. */
  record(agent: { readonly token: string; readonly md5secret: string } | null, sip: SipCredentials | null): void;
  /** Signed out, or the sign-in failed. */
  release(): void;
}

export function createSessionSecrets(): SessionSecrets {
  let ofSignIn: readonly Secret[] = [];
  let ofRecord: readonly Secret[] = [];
  const hold = () => holdSecrets('session', [...ofSignIn, ...ofRecord]);
  return {
    signIn(...secrets) {
      ofSignIn = secrets;
      hold();
    },
    record(agent, sip) {
      ofRecord = [agent?.token, agent?.md5secret, sip?.authorizationHa1, ...(sip?.iceServers ?? []).map((server) => server.credential)];
      hold();
    },
    release() {
      ofSignIn = [];
      ofRecord = [];
      hold();
    },
  };
}
