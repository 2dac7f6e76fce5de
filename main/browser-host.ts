// Composition root for browser mode (demo where Electron cannot start, and
// every E2E test): the same services and contract as Electron, the renderer
// served over HTTP on 127.0.0.1 and the bridge over a WebSocket with a random
// per-launch secret and an origin check.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createDispatcher, createRequestHandlers, forwardEvents, type AppServices } from './ipc';
import { createBridgeServer, type BridgeSender } from './browser-host/bridge-server';
import { composeBrowserServices, type BrowserServicesOptions } from './browser-host/compose-browser-services';
import { assertRendererBuilt, serveStatic } from './browser-host/static-files';
import type { DialLinkResult } from '../common/dial-link';
import { createDialLinkRouter } from './desktop/protocol-router';
import { loadPolicy } from './services/policy';
import { holdSecrets } from './services/logging';
import { handleSecondLaunch, writeInstanceFile } from './browser-host/second-launch';
import { createOneTimeCodes } from './browser-host/one-time-codes';

export interface BrowserHostOptions extends BrowserServicesOptions {
  /** Built renderer; default out/renderer. */
  rendererDir?: string;
  /** 0 (default) = any free port. */
  port?: number;
  /** Unexpected errors in handlers (for the log; the page only sees a plain message). */
  onUnexpectedError?: (channel: string, error: unknown) => void;
  /** This launch's command line: a tel:/callto:/sip: link in it goes to the page (npm start --open-link). */
  argv?: readonly string[];
}

export interface BrowserHost {
  /**
   * An address for a page, with a new one-time code in the fragment (never in a request line):
   * the code opens the bridge once, and the page gets the secret over it. Each read mints a code.
   */
  readonly url: string;
  origin: string;
  port: number;
  services: AppServices;
  /** Every frame the bridge sent to pages (tests check no secret is in them). */
  onFrameSent(listener: (frame: string) => void): () => void;
  /**
   * What Electron's second-instance handler does with a later launch's argv:
   * a dial link in it goes through the same router to the page. Returns what
   * the link was parsed into, or undefined when the argv holds none.
   */
  secondInstance(argv: readonly string[]): DialLinkResult | undefined;
  /** Pages connected to the bridge now. */
  pages(): number;
  close(): Promise<void>;
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const rendererDir = resolve(options.rendererDir ?? 'out/renderer');
  assertRendererBuilt(rendererDir);
  // A new machine has no data folder yet; settings, logs and the instance file all go there (owner only).
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const policy = options.policy ?? (await loadPolicy({ platform: process.platform, env: process.env }));
  // Links are held until the page reports its phone (it listens to events by then).
  let deliver: (result: DialLinkResult) => void = () => undefined;
  const dialLinks = createDialLinkRouter((result) => deliver(result));
  const { services, connectivity, logger, stopBackground } = composeBrowserServices({ ...options, policy }, { onRendererReady: () => dialLinks.markReady() });
  const secret = randomBytes(24).toString('hex');
  // Never in a log line or the diagnostics bundle, in any form (issue 26): whoever reads it could drive the app.
  holdSecrets('browser-host', [secret]);
  let origin = '';

  const dispatch = createDispatcher<BridgeSender>(createRequestHandlers(services), {
    isTrustedSender: (sender) => sender.authenticated,
    ...(options.onUnexpectedError ? { onUnexpectedError: options.onUnexpectedError } : {}),
  });
  const codes = createOneTimeCodes();
  const bridge = createBridgeServer({
    secret, codes, origin: () => origin, dispatch, onLastPageGone: () => dialLinks.markNotReady(),
    onSocketError: onceAMinute((error, more) => logger.warn(`A page's bridge socket broke the protocol and was closed: ${error.message}${more ? ` (and ${more} more since the last warning)` : ''}`)),
  });
  const stopEvents = forwardEvents(services, (event, payload) => bridge.broadcast(event, payload), connectivity);
  deliver = (result) => {
    logger.info(`Dial link received: ${result.kind === 'dial' ? 'a number' : `invalid (${result.reason})`}`);
    bridge.broadcast('workstation.dialLink', result);
  };
  if (options.argv) dialLinks.receiveArgv(options.argv);

  let allowedHosts: string[] = [];
  // A later launch with a link hands its argv over here (second-launch.ts), like Electron's second-instance.
  const launchSecret = randomBytes(24).toString('hex');
  const onArgv = (argv: string[]) => void dialLinks.receiveArgv(argv);
  const server = createServer((request, response) => {
    // allowedHosts is read per request: it is known only once listening.
    if (!handleSecondLaunch(request, response, { secret: launchSecret, allowedHosts, onArgv })) serveStatic(rendererDir, request, response, allowedHosts);
  });
  server.on('upgrade', (request, socket, head) => bridge.handleUpgrade(request, socket, head));
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  const removeInstanceFile = writeInstanceFile(options.dataDir, port, launchSecret);

  return {
    get url() {
      return `${origin}/#code=${codes.mint()}`;
    },
    origin,
    port,
    services,
    onFrameSent: (listener) => bridge.onFrameSent(listener),
    secondInstance: (argv) => dialLinks.receiveArgv(argv),
    pages: () => bridge.pages(),
    async close() {
      removeInstanceFile();
      stopEvents();
      stopBackground();
      services.phone.close();
      services.session.close();
      connectivity.close();
      await services.calls.close();
      bridge.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await services.session.client()?.close?.();
    },
  };
}

/** Calls `report` at most once a minute, with how many calls were left out since the last one. */
function onceAMinute(report: (error: Error, more: number) => void, now: () => number = Date.now): (error: Error) => void {
  let last = Number.NEGATIVE_INFINITY;
  let more = 0;
  return (error) => {
    if (now() - last < 60_000) {
      more += 1;
      return;
    }
    report(error, more);
    last = now();
    more = 0;
  };
}
