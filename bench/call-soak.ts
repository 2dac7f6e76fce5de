// bench/call-soak: does anything pile up over an agent's day? The app as an
// agent uses it — the browser host (main) in its own Node process, the
// renderer in headless Chromium, the simulator in a third process — places
// calls from the dial pad, hangs up and files each wrap-up, hundreds of times.
// Every `--every` calls, with no call up and after a full GC on both sides:
//   page: JS heap, DOM nodes, event listeners (CDP), peer connections still
//         reachable / not closed and microphone tracks still live (the page's
//         RTCPeerConnection and getUserMedia instrumented with WeakRefs);
//   main: JS heap (through its inspector) and RSS (/proc).
// Targets: page heap ≤ 2 MiB growth over the run once warm; main heap flat
// (≤ 0.05 MiB per 100 calls) — judged on what JavaScript made (a heap
// snapshot without compiled code and V8's lists about it, which grow for a
// long while as the JIT optimizes more functions; the whole heap is shown too);
// 0 peer connections or microphone tracks alive ≥ 1 s after their call
// ended; listeners flat.
// Usage: npx tsx bench/call-soak.ts [--calls 500] [--every 100] [--warmup 60]
// (60 to warm up: the recent-calls list shows 50 calls, so the page grows until it is full.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { fillSignIn, phoneOnline } from '../test/e2e/harness';
import { CALL_ARGS, CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/support/chromium-page';
import { machine } from './lib/machine';
import { connectInspector, type NodeInspector } from './lib/node-inspector';
import { readMemoryStatus } from './lib/proc-stats';
import { emitResult, printTable, type Cell } from './lib/report';
import { spawnBrowserHost } from './lib/browser-host-child';
import { spawnSimulator } from './lib/spawn-simulator';
import { callAndFile } from './lib/ui-call';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '500' }, every: { type: 'string', default: '100' }, warmup: { type: 'string', default: '60' } } });
const bounded = (text: string, min: number, max: number): number => Math.max(min, Math.min(max, Math.round(Number(text)) || min));
const CALLS = bounded(values.calls, 1, 5_000);
const EVERY = bounded(values.every, 1, CALLS);
const WARMUP = bounded(values.warmup, 0, 1_000);
const MiB = 1024 * 1024;

declare global {
  interface Window {
    soak?: { connections: WeakRef<RTCPeerConnection>[]; tracks: WeakRef<MediaStreamTrack>[] };
  }
}

/** Runs in the page before the app: remembers every peer connection and microphone track, weakly. */
function instrument(): void {
  const soak = { connections: [] as WeakRef<RTCPeerConnection>[], tracks: [] as WeakRef<MediaStreamTrack>[] };
  window.soak = soak;
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config);
      soak.connections.push(new WeakRef(this));
    }
  } as typeof RTCPeerConnection;
  const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const stream = await getUserMedia(constraints);
    for (const track of stream.getTracks()) soak.tracks.push(new WeakRef(track));
    return stream;
  };
}

interface Checkpoint {
  calls: number;
  pageHeapMiB: number;
  domNodes: number;
  listeners: number;
  peerConnectionsReachable: number;
  peerConnectionsOpen: number;
  microphoneTracksLive: number;
  mainHeapMiB: number;
  /** Of the main heap, what JavaScript made (no compiled code or V8's own lists about it). */
  mainJsObjectsMiB: number;
  mainRssMiB: number;
}

async function checkpoint(calls: number, page: Page, cdp: CDPSession, main: NodeInspector, mainPid: number): Promise<Checkpoint> {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await cdp.send('HeapProfiler.collectGarbage');
  const alive = await page.evaluate(() => {
    const soak = window.soak;
    if (!soak) return { reachable: -1, open: -1, live: -1 };
    soak.connections = soak.connections.filter((ref) => ref.deref() !== undefined);
    soak.tracks = soak.tracks.filter((ref) => ref.deref() !== undefined);
    return {
      reachable: soak.connections.length,
      open: soak.connections.filter((ref) => ref.deref()?.signalingState !== 'closed').length,
      live: soak.tracks.filter((ref) => ref.deref()?.readyState === 'live').length,
    };
  });
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  const mainHeap = await main.heapAfterGc();
  return {
    calls,
    pageHeapMiB: round(heap.usedSize / MiB),
    domNodes: dom.nodes,
    listeners: dom.jsEventListeners,
    peerConnectionsReachable: alive.reachable,
    peerConnectionsOpen: alive.open,
    microphoneTracksLive: alive.live,
    mainHeapMiB: round(mainHeap.usedBytes / MiB),
    mainJsObjectsMiB: round(mainHeap.jsObjectBytes / MiB),
    mainRssMiB: round(readMemoryStatus(mainPid).rssBytes / MiB),
  };
}

const round = (value: number): number => Math.round(value * 1000) / 1000;

/** One call as an agent makes it: dial, talk a little, hang up, file the wrap-up. */
async function oneCall(page: Page, n: number): Promise<void> {
  await callAndFile(page, `0992${String(n).padStart(5, '0')}`, 300);
}

const dataDir = mkdtempSync(join(tmpdir(), 'call-soak-'));
const sim = await spawnSimulator();
const host = await spawnBrowserHost(sim, dataDir, ['--inspect=127.0.0.1:0']);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...CALL_ARGS] });
let inspector: NodeInspector | undefined;
try {
  const main = await connectInspector(host.child);
  inspector = main;
  const url = host.url;
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(url);
  const agent = sim.ready.credentials.agents[0];
  if (!agent) throw new Error('the simulator seeds no agent');
  await fillSignIn(page, { agent: agent.agent, password: agent.password });
  await phoneOnline(page);

  emitResult('call-soak', machine());
  for (let n = 0; n < WARMUP; n += 1) await oneCall(page, n);
  const rows: Checkpoint[] = [];
  const measure = async (calls: number): Promise<void> => {
    const row = await checkpoint(calls, page, cdp, main, host.child.pid ?? 0);
    rows.push(row);
    // As it goes: a 500-call run takes minutes.
    emitResult('call-soak', { kind: 'checkpoint', ...(row as unknown as Record<string, Cell>) });
  };
  await measure(0);
  const started = Date.now();
  for (let n = 1; n <= CALLS; n += 1) {
    await oneCall(page, WARMUP + n);
    if (n % EVERY === 0 || n === CALLS) await measure(n);
  }
  printTable(`bench/call-soak: ${CALLS} calls after ${WARMUP} to warm up (${Math.round((Date.now() - started) / 1000)} s), each through the UI`, rows as unknown as Record<string, Cell>[]);
  const [first] = rows;
  const last = rows.at(-1);
  if (!first || !last) throw new Error('no checkpoint');
  const per100 = (a: number, b: number): number => round(((b - a) * 100) / Math.max(1, last.calls - first.calls));
  const targets = {
    kind: 'targets',
    pageHeapGrowthMiB: round(last.pageHeapMiB - first.pageHeapMiB),
    pageHeapOk: last.pageHeapMiB - first.pageHeapMiB <= 2,
    mainHeapMiBPer100Calls: per100(first.mainHeapMiB, last.mainHeapMiB),
    mainJsObjectsMiBPer100Calls: per100(first.mainJsObjectsMiB, last.mainJsObjectsMiB),
    mainJsObjectsOk: per100(first.mainJsObjectsMiB, last.mainJsObjectsMiB) <= 0.05,
    noPeerConnectionLeft: rows.every((row) => row.peerConnectionsReachable === 0 && row.peerConnectionsOpen === 0),
    noMicrophoneLeft: rows.every((row) => row.microphoneTracksLive === 0),
    listenersGrowth: last.listeners - first.listeners,
    listenersFlat: last.listeners - first.listeners <= 5,
  };
  emitResult('call-soak', targets);
  process.stderr.write(`targets: ${JSON.stringify(targets)}\n`);
} finally {
  inspector?.close();
  await browser.close();
  host.stop();
  await sim.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

