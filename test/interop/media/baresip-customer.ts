// A customer on plain SIP: Debian's baresip on loopback (UDP, G.711 µ-law,
// RFC 4733), playing a tone from a WAV file and recording what it hears
// (sndfile's `dump-*-dec.wav`), driven over its ctrl_tcp interface (netstring
// JSON). Config, accounts and recordings live in its own temp dir, removed by
// stop(). Quirks of baresip 1.0 are in ../shared/webrtc-notes.md.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLogged } from '../support/logged-process';
import { freeTcpPortPair } from '../support/ports';
import { writeBaresipHome } from './baresip-home';
import { toneWav, readWav, type WavSamples } from './wav';

export const BARESIP_BIN = '/usr/bin/baresip';
// A host of its own on loopback: Kamailio counts 127.0.0.1 on any port as itself.
const HOST = '127.0.0.2';
const MAX_EVENTS = 1_000;
/** What a frame from ctrl_tcp may weigh; baresip's are a few hundred bytes. */
const MAX_FRAME_BYTES = 64 * 1024;

export interface BaresipEvent {
  type: string;
  param?: string;
  at: number;
}

/** One of baresip's recordings (sndfile writes one per audio stream, named by the second it started). */
export interface BaresipRecording {
  name: string;
  heard: WavSamples;
}

export interface BaresipCustomer {
  /** The customer's number (the From user). */
  number: string;
  /** Its address: its SIP and RTP sockets are on this loopback host. */
  host: string;
  /** The tone it plays, Hz. */
  toneHz: number;
  dial(uri: string): Promise<void>;
  hangUp(): Promise<void>;
  /** Every event so far (CALL_RINGING, CALL_ESTABLISHED, CALL_DTMF_START, CALL_CLOSED, …), oldest first. */
  events(): BaresipEvent[];
  /** The digits received as RFC 4733 events, in order. */
  digits(): string;
  /** What it heard in its calls so far, one stream (files still being written read too). */
  heard(): WavSamples | null;
  /** Each recording so far, oldest first (a call transferred to another party is a new one). */
  recordings(): BaresipRecording[];
  log(): string;
  stop(): Promise<void>;
}

export interface BaresipOptions {
  number: string;
  toneHz: number;
  /**
   * Where every new call goes first (`sip:<ip>:<port>`; baresip adds `;lr`),
   * as a customer's SIP phone sends everything to its carrier's proxy. Needed
   * to follow a REFER: the Refer-To names the platform's domain, no port.
   */
  outboundProxy?: string;
}

export async function startBaresipCustomer(options: BaresipOptions): Promise<BaresipCustomer> {
  if (!existsSync(BARESIP_BIN)) throw new Error(`Starting baresip failed: ${BARESIP_BIN} is missing. Run test/ensure-packages.sh (as root) first.`);
  if (!/^[+0-9]{3,20}$/.test(options.number)) throw new Error('Starting baresip failed: the customer number must be digits.');
  if (options.outboundProxy !== undefined && !/^sip:[0-9.]+:[0-9]+$/.test(options.outboundProxy)) throw new Error('Starting baresip failed: the outbound proxy must be sip:<ip>:<port>.');
  const dir = mkdtempSync(join(tmpdir(), 'interop-baresip-'));
  const recordings = join(dir, 'heard');
  const tone = join(dir, 'tone.wav');
  // baresip hangs up when its source file ends: long enough for any test here.
  writeFileSync(tone, toneWav({ frequency: options.toneHz, seconds: 300, sampleRate: 8_000, amplitude: 0.3 }));
  const [sipPort, ctrlPort] = await freeTcpPortPair(HOST);
  const outbound = options.outboundProxy ? `;outbound="${options.outboundProxy}"` : '';
  writeBaresipHome(dir, {
    account: `<sip:${options.number}@${HOST}>;regint=0;answermode=manual;audio_codecs=PCMU/8000/1${outbound}`,
    host: HOST,
    sipPort,
    settings: [
      'call_local_timeout 120',
      'call_max_calls 2',
      `audio_source aufile,${tone}`,
      'audio_player aubridge,nil',
      'audio_alert aubridge,nil',
      'jitter_buffer_delay 5-10',
      `snd_path ${recordings}`,
      `ctrl_tcp_listen ${HOST}:${ctrlPort}`,
    ],
    modules: ['aufile.so', 'aubridge.so', 'sndfile.so'],
    apps: ['menu.so', 'ctrl_tcp.so'],
  });
  mkdirSync(recordings);

  const server = startLogged('baresip', BARESIP_BIN, ['-f', dir, '-4', ...(process.env['MEDIA_DEBUG'] ? ['-v'] : [])], dir);
  const events: BaresipEvent[] = [];
  const replies = new Map<string, (ok: boolean, text: string) => void>();
  let socket: Socket | undefined;
  let token = 0;

  const stop = async (): Promise<void> => {
    socket?.destroy();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    socket = await Promise.race([connectWhenListening(ctrlPort), server.exitedEarly]);
  } catch (error) {
    await stop();
    throw error;
  }
  readNetstrings(socket, (text) => {
    let frame: { event?: boolean; response?: boolean; type?: string; param?: string; token?: string; ok?: boolean; data?: string };
    try {
      frame = JSON.parse(text) as typeof frame;
    } catch {
      return;
    }
    if (frame.event && typeof frame.type === 'string') {
      events.push({ type: frame.type, ...(typeof frame.param === 'string' ? { param: frame.param } : {}), at: Date.now() });
      events.splice(0, Math.max(0, events.length - MAX_EVENTS));
    } else if (frame.response && typeof frame.token === 'string') {
      replies.get(frame.token)?.(frame.ok === true, frame.data ?? '');
      replies.delete(frame.token);
    }
  });

  const command = (name: string, params = ''): Promise<void> => {
    token += 1;
    const id = String(token);
    const body = JSON.stringify({ command: name, params, token: id });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        replies.delete(id);
        reject(new Error(`baresip did not answer "${name}" within 5 s`));
      }, 5_000);
      replies.set(id, (ok, text) => {
        clearTimeout(timer);
        if (ok) resolve();
        else reject(new Error(`baresip refused "${name} ${params}": ${text}`));
      });
      socket?.write(`${Buffer.byteLength(body)}:${body},`);
    });
  };

  return {
    number: options.number,
    host: HOST,
    toneHz: options.toneHz,
    dial: (uri) => command('dial', uri),
    hangUp: () => command('hangup'),
    events: () => [...events],
    digits: () => events.filter((e) => e.type === 'CALL_DTMF_START').map((e) => e.param ?? '?').join(''),
    heard() {
      // A new recording starts whenever the stream is updated (a re-INVITE): all of them, in order, are what it heard.
      const parts = readRecordings(recordings).map((r) => r.heard);
      if (parts.length === 0) return null;
      const samples = new Float32Array(parts.reduce((n, p) => n + p.samples.length, 0));
      let at = 0;
      for (const part of parts) {
        samples.set(part.samples, at);
        at += part.samples.length;
      }
      return { sampleRate: parts[0]!.sampleRate, channels: 1, samples };
    },
    recordings: () => readRecordings(recordings),
    log: server.log,
    stop,
  };
}

/** sndfile's `dump-<date-time>-dec.wav` files (what it received), oldest first; one whose header is not written yet is left out. */
function readRecordings(dir: string): BaresipRecording[] {
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('-dec.wav')).sort() : [];
  const found: BaresipRecording[] = [];
  for (const name of files) {
    try {
      found.push({ name, heard: readWav(readFileSync(join(dir, name))) });
    } catch {
      // header not written yet
    }
  }
  return found;
}

/** Splits a byte stream into netstrings (`<len>:<text>,`); a malformed or oversized one closes the stream. */
function readNetstrings(socket: Socket, onText: (text: string) => void): void {
  let buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const colon = buffer.indexOf(0x3a);
      if (colon < 0) {
        if (buffer.length > 12) socket.destroy();
        return;
      }
      const length = Number(buffer.toString('latin1', 0, colon));
      if (!Number.isInteger(length) || length < 0 || length > MAX_FRAME_BYTES) return void socket.destroy();
      if (buffer.length < colon + 1 + length + 1) return;
      onText(buffer.toString('utf8', colon + 1, colon + 1 + length));
      buffer = buffer.subarray(colon + 1 + length + 1);
    }
  });
  socket.on('error', () => undefined);
}

async function connectWhenListening(port: number): Promise<Socket> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const socket = await new Promise<Socket | null>((resolve) => {
      const attempt = createConnection({ host: HOST, port }, () => resolve(attempt));
      attempt.once('error', () => resolve(null));
    });
    if (socket) return socket;
    if (Date.now() > deadline) throw new Error(`baresip's ctrl_tcp did not listen on ${HOST}:${port} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
