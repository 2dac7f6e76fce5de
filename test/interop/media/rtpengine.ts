// Runs Debian's rtpengine for one test file, in userspace (no kernel module:
// --table=-1), on loopback, in the foreground with its log in memory; ready
// once its control (ng) socket answers a ping. Stopped by its pid.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const RTPENGINE_BIN = '/usr/bin/rtpengine';
const HOST = '127.0.0.1';
const MAX_LOG_CHARS = 200_000;

export interface Rtpengine {
  /** Kamailio's `rtpengine_sock`, e.g. `udp:127.0.0.1:22222`. */
  ngAddress: string;
  /** The media ports it may use (inclusive). */
  ports: { min: number; max: number };
  /** Where calls offered with `record-call=yes` are written as pcap (what it relays, decrypted). */
  recordingDir: string;
  log(): string;
  stop(): Promise<void>;
}

export async function startRtpengine(): Promise<Rtpengine> {
  if (!existsSync(RTPENGINE_BIN)) throw new Error(`Starting rtpengine failed: ${RTPENGINE_BIN} is missing. Run test/interop/ensure-packages.sh (as root) first.`);
  const ngPort = await freeUdpPort();
  // A block of 100 media ports per run, picked at random so parallel runs rarely meet.
  const min = 30_000 + (randomBytes(1)[0]! % 90) * 100;
  const ports = { min, max: min + 99 };
  const recordingDir = mkdtempSync(join(tmpdir(), 'interop-rtpengine-'));
  const args = [
    '--foreground', '--table=-1', `--interface=${HOST}`, `--listen-ng=${HOST}:${ngPort}`,
    `--port-min=${ports.min}`, `--port-max=${ports.max}`, '--log-stderr', '--log-level=6', '--delete-delay=0', '--num-threads=2',
    `--recording-dir=${recordingDir}`, '--recording-method=pcap', '--recording-format=raw',
  ];
  const child: ChildProcess = spawn(RTPENGINE_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer): void => {
    log = (log + chunk.toString('utf8')).slice(-MAX_LOG_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return void rmSync(recordingDir, { recursive: true, force: true });
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await gone;
    clearTimeout(timer);
    rmSync(recordingDir, { recursive: true, force: true });
  };
  try {
    const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`rtpengine exited at start (code ${code}). Its log:\n${log.slice(-3_000)}`))));
    await Promise.race([waitForPong(ngPort), exited]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { ngAddress: `udp:${HOST}:${ngPort}`, ports, recordingDir, log: () => log, stop };
}

/** Pings the ng socket (bencode over UDP) every 100 ms until it answers `pong`; bounded at 10 s. */
async function waitForPong(port: number): Promise<void> {
  const socket = createSocket('udp4');
  const send = (): void => socket.send('ready d7:command4:pinge', port, HOST);
  const ping = setInterval(send, 100);
  let deadline: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      deadline = setTimeout(() => reject(new Error(`rtpengine's control socket on ${HOST}:${port} did not answer a ping within 10 s.`)), 10_000);
      socket.on('message', (message) => {
        if (message.toString('latin1').includes('4:pong')) resolve();
      });
      send();
    });
  } finally {
    clearInterval(ping);
    clearTimeout(deadline);
    socket.close();
  }
}

async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, HOST, resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}
