// Runs Debian's coturn (turnserver) for one test file: long-term credentials
// for one user, UDP and TCP on one port and TLS on another of one address
// (a certificate from a throw-away CA), relaying to loopback peers (the media
// server here is on 127.0.0.1), no DTLS, no CLI, log to stdout.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTlsMaterial } from '../../../simulator/sip/tls-authority';
import { startLogged } from '../support/logged-process';
import { freeTcpPortPair, waitForTcpPort } from '../support/ports';

export const TURNSERVER_BIN = '/usr/bin/turnserver';

export interface Coturn {
  /** Its UDP and TCP port (on `listenIp`). */
  port: number;
  /** `turn:<ip>:<port>?transport=udp` and `…=tcp`. */
  udpUrl: string;
  tcpUrl: string;
  /** `turns:<ip>:<tlsPort>?transport=tcp` (TURN over TLS, as on 443 through a firewall). */
  tlsUrl: string;
  tlsPort: number;
  /** PEM of the CA that signed its TLS certificate. */
  caFile: string;
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
  const [port, tlsPort] = await freeTcpPortPair(options.listenIp);
  const dir = mkdtempSync(join(tmpdir(), 'interop-coturn-'));
  const tls = createTlsMaterial([options.listenIp]);
  const files = { ca: join(dir, 'ca.pem'), cert: join(dir, 'cert.pem'), key: join(dir, 'key.pem') };
  writeFileSync(files.ca, tls.caCertPem);
  writeFileSync(files.cert, tls.serverCertPem);
  writeFileSync(files.key, tls.serverKeyPem, { mode: 0o600 });
  const username = 'agent-floor';
  const credential = randomBytes(12).toString('base64url');
  const relayMin = 40_000 + (randomBytes(1)[0]! % 90) * 100;
  const server = startLogged('coturn', TURNSERVER_BIN, [
    '-n', `--listening-ip=${options.listenIp}`, `--listening-port=${port}`, `--relay-ip=${options.relayIp}`,
    `--min-port=${relayMin}`, `--max-port=${relayMin + 99}`, '--lt-cred-mech', `--user=${username}:${credential}`, '--realm=softphone.test',
    // The media server is on loopback here; without this the allocation works but every permission is refused (403).
    '--allow-loopback-peers', '--no-cli', '--no-dtls', `--tls-listening-port=${tlsPort}`, `--cert=${files.cert}`, `--pkey=${files.key}`,
    '--fingerprint', '--log-file=stdout', '--simple-log', '--verbose',
    '--pidfile=/dev/null',
  ]);
  const stop = async (): Promise<void> => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.race([Promise.all([waitForTcpPort(options.listenIp, port, 'coturn'), waitForTcpPort(options.listenIp, tlsPort, 'coturn (TLS)')]), server.exitedEarly]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port,
    udpUrl: `turn:${options.listenIp}:${port}?transport=udp`,
    tcpUrl: `turn:${options.listenIp}:${port}?transport=tcp`,
    tlsUrl: `turns:${options.listenIp}:${tlsPort}?transport=tcp`,
    tlsPort,
    caFile: files.ca,
    username,
    credential,
    log: server.log,
    stop,
  };
}
