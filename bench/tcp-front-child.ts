// bench/fleet-reconnect's front in a process of its own (lib/tcp-front.ts): a
// load balancer has its own CPU, and relaying every byte of 1,000 phones in
// the bench's process (beside its 1,000 sip.js stacks) slowed the phones it
// measures. Prints {"event":"front-ready","port":N}; stops on SIGTERM or when
// the bench that started it is gone.
import { parseArgs } from 'node:util';
import { startTcpFront } from './lib/tcp-front';

const { values } = parseArgs({ options: { 'backend-port': { type: 'string' }, mode: { type: 'string' }, parent: { type: 'string' } } });
const backendPort = Number(values['backend-port']);
const mode = values.mode;
const parent = Number(values.parent);
if (!Number.isInteger(backendPort) || backendPort <= 0 || backendPort > 65_535) throw new Error(`--backend-port: a TCP port (got ${String(values['backend-port'])})`);
if (mode !== 'close' && mode !== '503') throw new Error(`--mode: close or 503 (got ${String(mode)})`);

const front = await startTcpFront(backendPort, mode);
const stop = (): void => void front.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
// Bounded: once a second, and only while the bench lives.
setInterval(() => {
  try {
    process.kill(parent, 0);
  } catch {
    stop();
  }
}, 1_000).unref();
process.stdout.write(`${JSON.stringify({ event: 'front-ready', port: front.port })}\n`);
