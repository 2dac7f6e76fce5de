// SIP credentials for the phone, from the agent record and the settings'
// templates (defaults per ARCHITECTURE: wss://{host}:8089/ws, sip:{name}@{host},
// realm asterisk, HA1 = md5secret).
import type { Settings, SipCredentials } from '../../../common/ipc-contract';
import type { SignedInAgent } from './session-api';
import { iceServersFor } from '../../../common/domain/ice-server';

export function sipCredentialsFor(
  agent: SignedInAgent,
  settings: Pick<Settings, 'sipWsUrlTemplate' | 'sipUriTemplate' | 'sipRealm' | 'iceServers'>,
  sipUrlOverride?: string,
  iceCredential: (urls: string) => string | undefined = () => undefined,
): SipCredentials {
  const fill = (template: string): string => template.replaceAll('{host}', agent.host).replaceAll('{name}', agent.name);
  const iceServers = iceServersFor(settings.iceServers, iceCredential);
  return {
    uri: fill(settings.sipUriTemplate),
    authorizationUsername: agent.name,
    authorizationHa1: agent.md5secret,
    wsUrl: sipUrlOverride ? sipUrlOverride : fill(settings.sipWsUrlTemplate),
    realm: settings.sipRealm,
    displayName: agent.fullname || agent.accountcode || agent.name,
    ...(iceServers.length > 0 ? { iceServers } : {}),
  };
}
