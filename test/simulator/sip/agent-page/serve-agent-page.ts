// Bundles the agent page with esbuild into a temp dir and serves it on loopback.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

export interface AgentPageServer {
  url: string;
  close(): Promise<void>;
}

export async function serveAgentPage(): Promise<AgentPageServer> {
  const dir = await mkdtemp(join(tmpdir(), 'sim-agent-page-'));
  await build({
    entryPoints: [join(import.meta.dirname, 'agent-page-entry.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outfile: join(dir, 'agent-page.js'),
    logLevel: 'error',
  });
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><meta charset="utf-8"><title>agent</title><script type="module" src="/agent-page.js"></script>',
  );
  const files: Record<string, { file: string; type: string }> = {
    '/': { file: 'index.html', type: 'text/html' },
    '/agent-page.js': { file: 'agent-page.js', type: 'text/javascript' },
  };
  const server = createServer((request, response) => {
    const entry = files[new URL(request.url ?? '/', 'http://x').pathname];
    if (!entry) {
      response.writeHead(404).end();
      return;
    }
    void readFile(join(dir, entry.file)).then((body) => response.writeHead(200, { 'content-type': entry.type }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
