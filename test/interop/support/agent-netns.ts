/**
 * A workstation in its own network namespace, with two links to this host
 * (the platform's side): "Wi-Fi" and "cable", each a veth pair. The
 * platform's address is a /32 on this host's loopback; the workstation reaches
 * it over whichever link has the best route. `plugCable()` brings the cable up
 * with its own address and a second, lower-priority route (the Wi-Fi still
 * carries everything, as when a laptop is plugged in); `leaveWifi()` takes the
 * Wi-Fi address and link away: from then on the workstation's address is the
 * cable's, and what was bound to the Wi-Fi address is dead without a word.
 *
 *   this host                                   namespace sp-agent-<id>
 *   lo     10.231.<n>.1/32 (the platform)
 *   veth w<id>r 10.231.<n+1>.1/24 ──────────── wifi0 10.231.<n+1>.2/24   route to the platform (first)
 *   veth c<id>r 10.231.<n+2>.1/24 ──────────── eth0  10.231.<n+2>.2/24   route to the platform (after the switch)
 *
 * All traffic stays on this machine. Needs root (ip netns); `remove()` takes
 * everything down again, also after a failed start.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { userInfo } from 'node:os';

export interface AgentNetns {
  readonly name: string;
  /** The platform's address on this host. */
  readonly platformAddress: string;
  /** The workstation's address on the Wi-Fi link, then on the cable. */
  readonly wifiAddress: string;
  readonly cableAddress: string;
  /** This host's end of the Wi-Fi link (where `tc netem` shapes what goes to the workstation). */
  readonly wifiHostLink: string;
  /** Runs a command inside the namespace (argv for `ip netns exec`). */
  exec(command: string[]): string;
  /** The cable up, with its address and a lower-priority route to the platform. */
  plugCable(): void;
  /** The Wi-Fi address and link gone: the cable's route is the only one. */
  leaveWifi(): void;
  remove(): void;
}

const ip = (args: string[]): string => execFileSync('ip', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

export function createAgentNetns(): AgentNetns {
  if (userInfo().uid !== 0) throw new Error('The network-change test needs root to create network namespaces (ip netns); CI runs it as root.');
  const id = randomBytes(3).toString('hex');
  const name = `sp-agent-${id}`;
  // A /24 per run, from the random id, so parallel runs on one machine do not meet.
  const n = 1 + (parseInt(id.slice(0, 2), 16) % 80) * 3;
  const platformAddress = `10.231.${n}.1`;
  const wifi = { host: `w${id}r`, ns: 'wifi0', hostAddress: `10.231.${n + 1}.1`, address: `10.231.${n + 1}.2` };
  const cable = { host: `c${id}r`, ns: 'eth0', hostAddress: `10.231.${n + 2}.1`, address: `10.231.${n + 2}.2` };
  const inNs = (args: string[]): string => ip(['netns', 'exec', name, 'ip', ...args]);
  const remove = (): void => {
    for (const args of [['netns', 'del', name], ['link', 'del', wifi.host], ['link', 'del', cable.host], ['addr', 'del', `${platformAddress}/32`, 'dev', 'lo']]) {
      try {
        ip(args);
      } catch {
        // Already gone (a veth goes with its peer's namespace).
      }
    }
  };
  try {
    ip(['netns', 'add', name]);
    inNs(['link', 'set', 'lo', 'up']);
    ip(['addr', 'add', `${platformAddress}/32`, 'dev', 'lo']);
    for (const link of [wifi, cable]) {
      ip(['link', 'add', link.host, 'type', 'veth', 'peer', 'name', `${link.ns}${id}`]);
      ip(['link', 'set', `${link.ns}${id}`, 'netns', name]);
      inNs(['link', 'set', `${link.ns}${id}`, 'name', link.ns]);
      ip(['addr', 'add', `${link.hostAddress}/24`, 'dev', link.host]);
      ip(['link', 'set', link.host, 'up']);
    }
    inNs(['addr', 'add', `${wifi.address}/24`, 'dev', wifi.ns]);
    inNs(['link', 'set', wifi.ns, 'up']);
    inNs(['route', 'add', `${platformAddress}/32`, 'via', wifi.hostAddress]);
  } catch (error) {
    remove();
    throw error;
  }
  return {
    name,
    platformAddress,
    wifiAddress: wifi.address,
    cableAddress: cable.address,
    wifiHostLink: wifi.host,
    exec: (command) => execFileSync('ip', ['netns', 'exec', name, ...command], { encoding: 'utf8' }),
    plugCable() {
      inNs(['addr', 'add', `${cable.address}/24`, 'dev', cable.ns]);
      inNs(['link', 'set', cable.ns, 'up']);
      inNs(['route', 'add', `${platformAddress}/32`, 'via', cable.hostAddress, 'metric', '100']);
    },
    leaveWifi() {
      inNs(['addr', 'del', `${wifi.address}/24`, 'dev', wifi.ns]);
      inNs(['link', 'set', wifi.ns, 'down']);
    },
    remove,
  };
}
