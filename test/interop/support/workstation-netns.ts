// The agent's workstation inside a network namespace (support/agent-netns.ts):
// the browser host (`npm start -- --browser --no-open`) and Chromium run in
// it, so every connection the app makes leaves through the namespace's links.
// Off loopback the page may only use wss:// (its CSP): Chromium trusts the
// SIP server's one key (pinned), the host trusts the API's CA file.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { connect as tlsConnect } from 'node:tls';
import { chromium, type Browser } from 'playwright-core';
import { CALL_ARGS, CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium-page';
import type { AgentNetns } from './agent-netns';
import { stopChild } from './logged-process';

const PROJECT_DIR = resolve(import.meta.dirname, '../../..');

/**
 * The base64 SHA-256 of a WSS server's certificate key, for Chromium's
 * --ignore-certificate-errors-spki-list: the page trusts that one key (the
 * test's own CA signed it; TLS is verified here first), nothing else.
 */
export function wssKeyPin(wssUrl: string, caFile: string): Promise<string> {
  const url = new URL(wssUrl);
  return tlsKeyPin(url.hostname, Number(url.port), caFile);
}

/** The same for any TLS server (e.g. a TURN server's TLS port). */
export function tlsKeyPin(host: string, port: number, caFile: string): Promise<string> {
  return new Promise((resolvePin, reject) => {
    const socket = tlsConnect({ host, port, ca: readFileSync(caFile), servername: host }, () => {
      const spki = socket.getPeerX509Certificate()?.publicKey.export({ type: 'spki', format: 'der' });
      socket.destroy();
      if (!spki) return reject(new Error(`${host}:${port} showed no certificate`));
      resolvePin(createHash('sha256').update(spki).digest('base64'));
    });
    socket.once('error', reject);
  });
}

export interface HostInNamespace {
  /** The page's address (with its one-time code). */
  url: string;
  stop(): Promise<void>;
}

export interface HostOptions {
  instanceUrl: string;
  sipUrl: string;
  caFile: string;
  dataDir: string;
  /** `--ice-servers` (addresses only). */
  iceServers?: string;
}

/** Starts `npm start -- --browser --no-open` inside the namespace; resolves once it printed its ready line. */
export async function startHostInNamespace(netns: AgentNetns, options: HostOptions): Promise<HostInNamespace> {
  const args = [
    'netns', 'exec', netns.name, process.execPath, '--import', 'tsx', 'main/start.ts', '--browser', '--no-open',
    '--instance', options.instanceUrl, '--sip-url', options.sipUrl, '--ca-file', options.caFile, '--data-dir', options.dataDir,
    ...(options.iceServers ? ['--ice-servers', options.iceServers] : []),
  ];
  const host: ChildProcess = spawn('ip', args, { cwd: PROJECT_DIR, stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = (): Promise<void> => stopChild(host);
  const lines = createInterface({ input: host.stdout! });
  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error('the browser host in the namespace printed no ready line within 60 s')), 60_000);
      host.once('exit', (code) => reject(new Error(`the browser host in the namespace exited (${code})`)));
      lines.on('line', (line) => {
        if (!line.startsWith('{')) return;
        const ready = JSON.parse(line) as { event?: string; url?: string };
        if (ready.event === 'ready' && ready.url) {
          clearTimeout(timer);
          resolveUrl(ready.url);
        }
      });
    });
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Chromium in the namespace too (playwright talks to it over a pipe, which crosses namespaces), trusting the given keys only (base64 SHA-256, comma-separated). */
export async function chromiumInNamespace(netns: AgentNetns, dir: string, keyPins: string, extraArgs: string[] = []): Promise<Browser> {
  const wrapper = join(dir, 'chromium-in-netns');
  writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec ${netns.name} ${CHROMIUM_PATH} "$@"\n`);
  chmodSync(wrapper, 0o755);
  return chromium.launch({ executablePath: wrapper, args: [...CHROMIUM_ARGS, ...CALL_ARGS, `--ignore-certificate-errors-spki-list=${keyPins}`, ...extraArgs] });
}
