// Kamailio with the seeded agents (HA1 only, from simulator/seed.json) and the
// simulator's originator user, and the simulator extension that calls through it.
import type { SimulatorExtension } from '../../../simulator/index';
import { loadSeed } from '../../../simulator/seed/load-seed';
import { digestHa1 } from '../../../simulator/sip/digest-auth';
import { parseUpstreamOptions } from '../../../simulator/sip/upstream/upstream-options';
import { createUpstreamSipExtension } from '../../../simulator/sip/upstream/upstream-sip-extension';
import { startKamailio, type Kamailio, type KamailioOptions } from '../kamailio/kamailio-server';

export const REALM = 'asterisk';
export const ORIGINATOR = { user: 'platform', ha1: digestHa1('platform', REALM, 'platform-interop-secret') };

export async function startKamailioForSeed(extra: Pick<KamailioOptions, 'host' | 'trunk' | 'agentCalls' | 'sipTrace'> = {}): Promise<Kamailio> {
  const seed = await loadSeed();
  const users = [...seed.agents.map((a) => ({ user: a.phone, ha1: digestHa1(a.phone, REALM, a.password) })), ORIGINATOR];
  return startKamailio({ realm: REALM, users, callerUser: ORIGINATOR.user, ...extra });
}

/** The simulator's SIP side in upstream mode: the originator on Kamailio's WSS, trusting the test's CA. */
export function upstreamThrough(kamailio: Kamailio): SimulatorExtension {
  return createUpstreamSipExtension(
    parseUpstreamOptions({ proxyWsUrl: kamailio.wssUrl, caFile: kamailio.caFile, domain: kamailio.domain, username: ORIGINATOR.user, ha1: ORIGINATOR.ha1 }),
  );
}
