// A lossy, slow link in userspace: a UDP relay in front of a server (here
// coturn) that delays, jitters and drops what goes back to the client, like
// `tc netem` on the client's link. (The kernels this runs on may lack
// sch_netem: `tc qdisc add … netem` answers "Specified qdisc kind is unknown".)
// Seeded, and it records what it actually did to each packet, so a test can
// compare what the client measured with what was really injected, not only
// with the nominal figures.
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';

export interface Impairment {
  /** Mean one-way delay added toward the client, ms. */
  delayMs: number;
  /** Standard deviation of that delay (normal), ms; packets keep their order (a FIFO, as a real link). */
  jitterMs: number;
  /** Share of packets toward the client dropped, 0–1. */
  loss: number;
}

export interface Injected {
  packets: number;
  dropped: number;
  /** Dropped / packets, in percent. */
  lossPercent: number;
  /** Mean delay added to the packets that went through, ms. */
  meanDelayMs: number;
  /** RFC 3550 interarrival jitter of the delays added (packets in order, 1/16 smoothing), ms. */
  jitterMs: number;
  /** Mean delay added to the RTCP packets that went through (what an RTT figure sees), ms; NaN when none. */
  rtcpMeanDelayMs: number;
}

export interface ImpairedRelay {
  port: number;
  /** Changes the impairment from now on (`null`: none). */
  set(impairment: Impairment | null): void;
  /** What was done to the packets toward the client between two times (epoch ms). */
  injected(from: number, to: number): Injected;
  close(): Promise<void>;
}

interface Record_ {
  at: number;
  dropped: boolean;
  delayMs: number;
  rtcp: boolean;
}

/** Whether a datagram from the TURN server is RTCP inside ChannelData (channel 0x4000–0x7FFF, then the packet; RTCP's type 200–207 is not encrypted). */
function isRtcpInChannelData(message: Buffer): boolean {
  if (message.length < 6 || message[0]! < 0x40 || message[0]! > 0x7f) return false;
  return message[4]! >> 6 === 2 && message[5]! >= 200 && message[5]! <= 207;
}

const MAX_RECORDS = 200_000;
const MAX_CLIENTS = 16;

export async function startImpairedRelay(listen: { host: string }, target: { host: string; port: number }, seed = 15): Promise<ImpairedRelay> {
  const front = createSocket('udp4');
  await new Promise<void>((resolve) => front.bind(0, listen.host, resolve));
  const random = mulberry32(seed);
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  let impairment: Impairment | null = null;
  const records: Record_[] = [];
  const clients = new Map<string, { back: Socket; lastOutAt: number }>();
  const timers = new Set<NodeJS.Timeout>();

  const towardClient = (client: RemoteInfo, entry: { lastOutAt: number }, message: Buffer): void => {
    const now = Date.now();
    if (!impairment) return void front.send(message, client.port, client.address);
    const dropped = random() < impairment.loss;
    // In order, like a link's queue: never before the packet ahead of it.
    const outAt = Math.max(now + Math.max(0, impairment.delayMs + impairment.jitterMs * normal()), entry.lastOutAt);
    records.push({ at: now, dropped, delayMs: dropped ? 0 : outAt - now, rtcp: isRtcpInChannelData(message) });
    records.splice(0, Math.max(0, records.length - MAX_RECORDS));
    if (dropped) return;
    entry.lastOutAt = outAt;
    const timer = setTimeout(() => {
      timers.delete(timer);
      front.send(message, client.port, client.address);
    }, outAt - now);
    timers.add(timer);
  };

  front.on('message', (message, client) => {
    const key = `${client.address}:${client.port}`;
    let entry = clients.get(key);
    if (!entry) {
      if (clients.size >= MAX_CLIENTS) return;
      const back = createSocket('udp4');
      const created = { back, lastOutAt: 0 };
      back.on('message', (reply) => towardClient(client, created, reply));
      back.on('error', () => undefined);
      back.bind(0, listen.host);
      clients.set(key, created);
      entry = created;
    }
    entry.back.send(message, target.port, target.host);
  });
  front.on('error', () => undefined);

  return {
    port: front.address().port,
    set(next) {
      impairment = next;
    },
    injected(from, to) {
      const inWindow = records.filter((r) => r.at >= from && r.at < to);
      const passed = inWindow.filter((r) => !r.dropped);
      let jitter = 0;
      for (let i = 1; i < passed.length; i += 1) jitter += (Math.abs(passed[i]!.delayMs - passed[i - 1]!.delayMs) - jitter) / 16;
      const rtcp = passed.filter((r) => r.rtcp);
      return {
        rtcpMeanDelayMs: rtcp.length === 0 ? Number.NaN : rtcp.reduce((sum, r) => sum + r.delayMs, 0) / rtcp.length,
        packets: inWindow.length,
        dropped: inWindow.length - passed.length,
        lossPercent: inWindow.length === 0 ? 0 : (100 * (inWindow.length - passed.length)) / inWindow.length,
        meanDelayMs: passed.length === 0 ? 0 : passed.reduce((sum, r) => sum + r.delayMs, 0) / passed.length,
        jitterMs: jitter,
      };
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const { back } of clients.values()) back.close();
      await new Promise<void>((resolve) => front.close(() => resolve()));
    },
  };
}

/** A small seeded PRNG (mulberry32): the same impairment on every run. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
