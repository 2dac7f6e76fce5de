// Runs Debian's coturn (turnserver) for one test file: long-term credentials
// for one user, UDP and TCP on one address, relaying to loopback peers (the
// media server here is on 127.0.0.1), no TLS/DTLS, no CLI, log to stdout.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { startLogged } from '../support/logged-process';
import { freeTcpPort, waitForTcpPort } from '../support/ports';

export const TURNSERVER_BIN = '/usr/bin/turnserver';

export interface Coturn {
  /** Its UDP and TCP port (on `listenIp`). */
  port: number;
  /** `turn:<ip>:<port>?transport=udp` and `…=tcp`. */
  udpUrl: string;
  tcpUrl: string;
  username: string;
  credential: string;
  log(): string;
  stop(): Promise<void>;
}

export interface CoturnOptions {
  /** Where agents reach it. */
  listenIp: string;
  /** Where its relayed addresses are (the media server's side). */
  relayIp: string;
}

export async function startCoturn(options: CoturnOptions): Promise<Coturn> {
  if (!existsSync(TURNSERVER_BIN)) throw new Error(`Starting coturn failed: ${TURNSERVER_BIN} is missing. Run test/ensure-packages.sh (as root) first.`);
  const port = await freeTcpPort(options.listenIp);
  const username = 'agent-floor';
  const credential = randomBytes(12).toString('base64url');
  const relayMin = 40_000 + (randomBytes(1)[0]! % 90) * 100;
  const server = startLogged('coturn', TURNSERVER_BIN, [
    '-n', `--listening-ip=${options.listenIp}`, `--listening-port=${port}`, `--relay-ip=${options.relayIp}`,
    `--min-port=${relayMin}`, `--max-port=${relayMin + 99}`, '--lt-cred-mech', `--user=${username}:${credential}`, '--realm=softphone.test',
    // The media server is on loopback here; without this the allocation works but every permission is refused (403).
    '--allow-loopback-peers', '--no-cli', '--no-tls', '--no-dtls', '--fingerprint', '--log-file=stdout', '--simple-log', '--verbose',
    '--pidfile=/dev/null',
  ]);
  try {
    await Promise.race([waitForTcpPort(options.listenIp, port, 'coturn'), server.exitedEarly]);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    port,
    udpUrl: `turn:${options.listenIp}:${port}?transport=udp`,
    tcpUrl: `turn:${options.listenIp}:${port}?transport=tcp`,
    username,
    credential,
    log: server.log,
    stop: server.stop,
  };
}
