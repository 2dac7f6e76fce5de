// Runs Debian's rtpengine for one test file, in userspace (no kernel module:
// --table=-1), on loopback, in the foreground; ready once its control (ng)
// socket answers a ping. Every call offered with `record-call=yes` is written
// as pcap (SRTP decrypted) to its recording folder, for the tests to measure.
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLogged } from '../support/logged-process';
import { freeUdpPort } from '../support/ports';

export const RTPENGINE_BIN = '/usr/bin/rtpengine';
const HOST = '127.0.0.1';

export interface Rtpengine {
  /** Kamailio's `rtpengine_sock`, e.g. `udp:127.0.0.1:22222`. */
  ngAddress: string;
  /** The media ports it may use (inclusive). */
  ports: { min: number; max: number };
  /** Where recorded calls are written (`pcaps/`, `metadata/`). */
  recordingDir: string;
  log(): string;
  stop(): Promise<void>;
}

export async function startRtpengine(): Promise<Rtpengine> {
  if (!existsSync(RTPENGINE_BIN)) throw new Error(`Starting rtpengine failed: ${RTPENGINE_BIN} is missing. Run test/ensure-packages.sh (as root) first.`);
  const ngPort = await freeUdpPort(HOST);
  // A block of 100 media ports per run, picked at random so parallel runs rarely meet.
  const min = 30_000 + (randomBytes(1)[0]! % 90) * 100;
  const ports = { min, max: min + 99 };
  const recordingDir = mkdtempSync(join(tmpdir(), 'interop-rtpengine-'));
  const server = startLogged('rtpengine', RTPENGINE_BIN, [
    '--foreground', '--table=-1', `--interface=${HOST}`, `--listen-ng=${HOST}:${ngPort}`,
    `--port-min=${ports.min}`, `--port-max=${ports.max}`, '--log-stderr', '--log-level=6', '--delete-delay=0', '--num-threads=2',
    `--recording-dir=${recordingDir}`, '--recording-method=pcap', '--recording-format=raw',
  ]);
  const stop = async (): Promise<void> => {
    await server.stop();
    rmSync(recordingDir, { recursive: true, force: true });
  };
  try {
    await Promise.race([waitForPong(ngPort), server.exitedEarly]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { ngAddress: `udp:${HOST}:${ngPort}`, ports, recordingDir, log: server.log, stop };
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
