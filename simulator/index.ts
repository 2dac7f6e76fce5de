// startSimulator: one simulated platform instance in this process (see docs/SIMULATOR.md).
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { addBuiltinRoutes } from './control/builtin-routes';
import { ControlRouter } from './control/control-router';
import { addRestartRoute } from './control/restart-route';
import type { SimulatorExtension } from './extension';
import { SimHttpServer } from './http/server';
import { loadSeed } from './seed/load-seed';
import { SimState } from './state/sim-state';

export type { SimulatorExtension, ExtensionContext } from './extension';
export type { SimState } from './state/sim-state';

export interface SimulatorOptions {
  /** 0 (the default in-process) = any free port */
  port?: number;
  /** a loopback address; default 127.0.0.1 (a private one only with `privateHost`) */
  host?: string;
  /**
   * Lets `host` be a private (RFC 1918) address, for tests in network
   * namespaces where the agent reaches the platform over a veth link. Still no
   * public address, and the control API keeps answering this host only.
   */
  privateHost?: boolean;
  seedFile?: string;
  /** default: random hex */
  controlSecret?: string;
  extensions?: SimulatorExtension[];
  /** where uploaded lists go; default a fresh temp dir, deleted on close */
  dataDir?: string;
  /** cap of a form body other than Upload Base (bytes); bigger ones answer `0` */
  maxFormBytes?: number;
}

export interface ReadyLine {
  event: 'ready';
  baseUrl: string;
  control: { url: string; secret: string };
  credentials: { apiUser: { user: string; password: string }; agents: { agent: string; password: string; phone: string }[] };
  [key: string]: unknown;
}

export interface Simulator {
  ready: ReadyLine;
  baseUrl: string;
  control: { url: string; secret: string };
  state: SimState;
  dataDir: string;
  pauseHttp(): Promise<void>;
  resumeHttp(): Promise<void>;
  close(): Promise<void>;
}

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** 10/8, 172.16/12, 192.168/16. */
export function isPrivateHost(host: string): boolean {
  const m = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host) && !(options.privateHost === true && isPrivateHost(host))) {
    throw new Error(`The simulator listens on loopback only; ${host} is not a loopback address.`);
  }
  const seed = await loadSeed(options.seedFile);
  const ownDataDir = options.dataDir === undefined;
  const dataDir = ownDataDir ? await mkdtemp(join(tmpdir(), 'integra-sim-')) : resolve(options.dataDir as string);
  await mkdir(dataDir, { recursive: true });
  const state = new SimState(seed);
  const router = new ControlRouter();
  addBuiltinRoutes(router, state);
  const secret = options.controlSecret ?? randomBytes(16).toString('hex');
  const shutdown = new AbortController();
  const http = new SimHttpServer({
    host, port: options.port ?? 0, router, controlSecret: secret,
    api: { state, hostName: host, dataDir, signal: shutdown.signal, maxFormBytes: options.maxFormBytes ?? 1024 * 1024 },
  });
  const restarts = addRestartRoute(router, state, http, (line) => process.stderr.write(`simulator: ${line}\n`));
  const closers: (() => Promise<void>)[] = [];
  const close = async (): Promise<void> => {
    shutdown.abort();
    restarts.close();
    for (const closeOne of closers.reverse().splice(0)) await closeOne().catch(() => undefined);
    await http.close();
    state.removeAllListeners();
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await http.listen();
  } catch (error) {
    await close();
    throw new Error(`The simulator could not listen on ${host}:${options.port ?? 0}: ${(error as Error).message}. Pick another --port (0 = any free one).`, { cause: error });
  }
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const baseUrl = `http://${urlHost}:${http.port}`;
  const control = { url: `${baseUrl}/__sim`, secret };
  const ready: ReadyLine = {
    event: 'ready', baseUrl, control,
    credentials: {
      apiUser: { user: seed.apiUsers[0]?.user ?? '', password: seed.apiUsers[0]?.password ?? '' },
      agents: seed.agents.map((a) => ({ agent: a.userName, password: a.password, phone: a.phone })),
    },
  };
  try {
    for (const extension of options.extensions ?? []) {
      const started = await extension.start({ state, host, baseUrl, dataDir, control: { route: (m, p, h) => router.route(m, p, h) } });
      closers.push(started.close);
      Object.assign(ready, started.ready ?? {});
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    ready, baseUrl, control, state, dataDir, close,
    pauseHttp: () => http.close(),
    resumeHttp: () => http.listen(),
  };
}
