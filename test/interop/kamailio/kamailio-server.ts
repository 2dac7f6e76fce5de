// Runs Debian's Kamailio for one test file: config, TLS files and pid file in
// the test's own temp dir, unprivileged (`-u nobody -g nogroup` when started
// as root, else as the current user), in the foreground (-DD) with its log in
// a file; stopped (and restarted) by the pid in its own pid file.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { createTlsMaterial } from '../../../simulator/sip/tls-authority';
import { freeTcpPortPair, freeUdpPort, waitForTcpPort } from '../support/ports';
import { kamailioConfig, kamailioTlsConfig, type KamailioShed, type KamailioTrunk, type KamailioUser } from './kamailio-config';

export const KAMAILIO_BIN = '/usr/sbin/kamailio';
const LOOPBACK = '127.0.0.1';

export interface KamailioOptions {
  realm: string;
  users: KamailioUser[];
  callerUser: string;
  /** The address of the WS/WSS listeners (and the certificate's); default 127.0.0.1. */
  host?: string;
  /** A plain-SIP trunk on 127.0.0.1 (UDP) with media through this rtpengine (and the echo extension's peer). */
  trunk?: Omit<KamailioTrunk, 'host' | 'udpPort'>;
  /** Agents may call each other's extensions (consultations). */
  agentCalls?: boolean;
  /** Keep every SIP message Kamailio receives and sends (sipdump), for sipTrace(). */
  sipTrace?: boolean;
  /** Shed REGISTERs past a rate with 503 + Retry-After (bench/fleet-reconnect). */
  shed?: KamailioShed;
  /** For a floor of phones: connection limit, shared memory (MiB; default 32) and each process's private memory (MiB; default 4: a config with thousands of users' HA1 needs more). */
  floor?: { maxConnections: number; sharedMemoryMb: number; privateMemoryMb: number };
}

export interface Kamailio {
  wsUrl: string;
  wssUrl: string;
  /** PEM of the CA that signed Kamailio's WSS certificate. */
  caFile: string;
  /** PEM of Kamailio's WSS server certificate. */
  certificateFile: string;
  domain: string;
  /** `sip:<user>@127.0.0.1:<port>` on the trunk (customers), when started with one. */
  trunkUri(user: string): string;
  /** The trunk as a customer's outbound proxy, `sip:127.0.0.1:<port>`, when started with one. */
  trunkProxy(): string;
  /** Every SIP message in and out so far (sipdump's text), when started with sipTrace; '' otherwise. */
  sipTrace(): string;
  dir: string;
  /** The pid in the pid file of the running instance. */
  pid(): number;
  /** The log (stderr) of every run so far. */
  log(): string;
  /** Stops by pid and starts again on the same ports; resolves once both ports accept connections. */
  restart(): Promise<{ stoppedAt: number; acceptingAt: number }>;
  /** Stops by pid and stays down (its ports refuse) until startAgain(). */
  halt(): Promise<void>;
  /** Starts a halted instance on the same ports; resolves once both accept connections. */
  startAgain(): Promise<void>;
  stop(): Promise<void>;
}

export async function startKamailio(options: KamailioOptions): Promise<Kamailio> {
  if (!existsSync(KAMAILIO_BIN)) {
    throw new Error(`Starting Kamailio failed: ${KAMAILIO_BIN} is missing. Run test/ensure-packages.sh (as root) first.`);
  }
  const modulesDir = findModulesDir();
  const host = options.host ?? LOOPBACK;
  const dir = mkdtempSync(join(tmpdir(), 'interop-kamailio-'));
  const asRoot = userInfo().uid === 0;
  // Kamailio drops to nobody after reading the config: it must reach this folder.
  chmodSync(dir, 0o755);
  const tls = createTlsMaterial([host]);
  const files = {
    config: join(dir, 'kamailio.cfg'),
    tlsConfig: join(dir, 'tls.cfg'),
    certificate: join(dir, 'server-cert.pem'),
    privateKey: join(dir, 'server-key.pem'),
    ca: join(dir, 'ca.pem'),
    pid: join(dir, 'kamailio.pid'),
    runDir: join(dir, 'run'),
    log: join(dir, 'kamailio.log'),
    sipDump: join(dir, 'sipdump'),
  };
  writeFileSync(files.ca, tls.caCertPem, { mode: 0o644 });
  writeFileSync(files.certificate, tls.serverCertPem, { mode: 0o644 });
  writeFileSync(files.privateKey, tls.serverKeyPem, { mode: 0o600 });
  writeFileSync(files.log, '');
  const [wsPort, wssPort] = await freeTcpPortPair(host);
  const trunk = options.trunk ? { ...options.trunk, host: LOOPBACK, udpPort: await freeUdpPort(LOOPBACK) } : undefined;
  writeFileSync(files.tlsConfig, kamailioTlsConfig({ certificate: files.certificate, privateKey: files.privateKey }), { mode: 0o644 });
  writeFileSync(
    files.config,
    kamailioConfig({
      host, wsPort, wssPort, realm: options.realm, users: options.users, callerUser: options.callerUser, tlsConfigFile: files.tlsConfig, modulesDir,
      ...(trunk ? { trunk } : {}),
      ...(options.agentCalls ? { agentCalls: true } : {}),
      ...(options.sipTrace ? { sipDumpFolder: files.sipDump } : {}),
      ...(options.shed ? { shed: options.shed } : {}),
      ...(options.floor ? { maxConnections: options.floor.maxConnections } : {}),
    }),
    { mode: 0o644 },
  );
  mkdirSync(files.runDir, { mode: 0o755 });
  mkdirSync(files.sipDump, { mode: 0o755 });
  if (asRoot) {
    const nobody = { uid: 65534, gid: 65534 };
    chownSync(files.privateKey, nobody.uid, nobody.gid);
    chownSync(files.runDir, nobody.uid, nobody.gid);
    chownSync(files.sipDump, nobody.uid, nobody.gid);
    chownSync(files.log, nobody.uid, nobody.gid);
  }

  let child: ChildProcess | undefined;
  const launch = async (): Promise<void> => {
    rmSync(files.pid, { force: true });
    const logFd = openSync(files.log, 'a');
    const args = [
      '-f', files.config, '-P', files.pid, '-Y', files.runDir, '-DD', '-E', '-m', String(options.floor?.sharedMemoryMb ?? 32), '-M', String(options.floor?.privateMemoryMb ?? 4),
      ...(asRoot ? ['-u', 'nobody', '-g', 'nogroup'] : []),
    ];
    child = spawn(KAMAILIO_BIN, args, { stdio: ['ignore', logFd, logFd], cwd: dir });
    closeSync(logFd);
    const exited = new Promise<never>((_, reject) =>
      child?.once('exit', (code) => reject(new Error(`Kamailio exited at start (code ${code}). Its log:\n${tail(files.log)}`))),
    );
    await Promise.race([Promise.all([waitForTcpPort(host, wsPort, 'Kamailio'), waitForTcpPort(host, wssPort, 'Kamailio'), waitForPidFile(files.pid)]), exited]);
  };

  const stopByPid = async (): Promise<void> => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const pid = readPid(files.pid) ?? running.pid;
    if (pid === undefined) return;
    const gone = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    process.kill(pid, 'SIGTERM');
    const timer = setTimeout(() => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5_000);
    await gone;
    clearTimeout(timer);
  };

  try {
    await launch();
  } catch (error) {
    // A Kamailio that started but never listened must not outlive the test.
    await stopByPid().catch(() => undefined);
    const message = (error as Error).message;
    const log = message.includes('Its log:') || !existsSync(files.log) ? '' : `\nIts log:\n${tail(files.log)}`;
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${message}${log}`, { cause: error });
  }
  let finalLog = '';
  let finalTrace = '';
  const readTrace = (): string =>
    existsSync(files.sipDump) ? readdirSync(files.sipDump).sort().map((file) => readFileSync(join(files.sipDump, file), 'utf8')).join('') : finalTrace;
  return {
    wsUrl: `ws://${host}:${wsPort}/ws`,
    wssUrl: `wss://${host}:${wssPort}/ws`,
    caFile: files.ca,
    certificateFile: files.certificate,
    domain: host,
    trunkUri: (user) => {
      if (!trunk) throw new Error('This Kamailio was started without a trunk.');
      return `sip:${user}@${trunk.host}:${trunk.udpPort}`;
    },
    trunkProxy: () => {
      if (!trunk) throw new Error('This Kamailio was started without a trunk.');
      return `sip:${trunk.host}:${trunk.udpPort}`;
    },
    sipTrace: readTrace,
    dir,
    pid: () => readPid(files.pid) ?? -1,
    log: () => (existsSync(files.log) ? readFileSync(files.log, 'utf8') : finalLog),
    async restart() {
      await stopByPid();
      const stoppedAt = Date.now();
      await launch();
      return { stoppedAt, acceptingAt: Date.now() };
    },
    halt: () => stopByPid(),
    startAgain: () => launch(),
    async stop() {
      await stopByPid().catch(() => undefined);
      finalLog = existsSync(files.log) ? readFileSync(files.log, 'utf8') : '';
      finalTrace = readTrace();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Debian puts modules under the multiarch folder (`/usr/lib/<triplet>/kamailio/modules`). */
function findModulesDir(): string {
  const candidates = ['/usr/lib/kamailio/modules', ...readdirSync('/usr/lib').map((entry) => join('/usr/lib', entry, 'kamailio/modules'))];
  const found = candidates.find((dir) => existsSync(join(dir, 'websocket.so')) && existsSync(join(dir, 'tls.so')));
  if (!found) throw new Error('Starting Kamailio failed: its websocket and tls modules are missing. Run test/ensure-packages.sh (as root).');
  return found;
}

function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function tail(file: string): string {
  return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
}

async function waitForPidFile(file: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (readPid(file) === undefined) {
    if (Date.now() > deadline) throw new Error(`Kamailio did not write its pid file ${file} within 10 s.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
