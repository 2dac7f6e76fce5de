// The simulator's HTTP server: /Integra/resources/ and /__sim/ on one port,
// which can stop and start listening again (pause/resume for offline tests).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleControlRequest } from '../control/control-request';
import type { ControlRouter } from '../control/control-router';
import { handleApiRequest, type ApiDeps } from './api-request';
import { sendText } from './respond';

export interface HttpServerOptions {
  host: string;
  port: number;
  api: ApiDeps;
  router: ControlRouter;
  controlSecret: string;
}

export class SimHttpServer {
  readonly #server: Server;
  #port: number;

  constructor(readonly options: HttpServerOptions) {
    this.#port = options.port;
    this.#server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://simulator.invalid');
      const handled = url.pathname === '/__sim' || url.pathname.startsWith('/__sim/')
        ? handleControlRequest(req, res, url, options.router, options.controlSecret)
        : handleApiRequest(req, res, url.pathname, options.api);
      handled.catch(() => {
        // An aborted upload or a socket error: nothing sensible left to say.
        if (!res.headersSent) sendText(req, res, 500, 'Internal Server Error');
        else res.destroy();
      });
    });
    this.#server.keepAliveTimeout = 5_000;
    // A 200 MB list from a slow client may take longer than Node's default 5 minutes; loopback only, so no limit.
    this.#server.requestTimeout = 0;
  }

  get port(): number {
    return this.#port;
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(this.#port, this.options.host, () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
    this.#port = (this.#server.address() as AddressInfo).port;
  }

  /** Stops listening and drops open connections: clients then see connection refused. */
  async close(): Promise<void> {
    if (!this.#server.listening) return;
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#server.closeAllConnections();
    await closed;
  }
}
