// `npm run sim`: starts the simulator with the default extensions, prints one
// ready JSON line, and stops cleanly on SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { createSipExtension } from './sip/sip-extension';
import { isLoopbackHost, startSimulator } from './index';
import { readUpstreamOptionsFile } from './sip/upstream/upstream-options';
import { createUpstreamSipExtension } from './sip/upstream/upstream-sip-extension';

const usage = 'Usage: npm run sim -- [--port N (0 = any free; default 8480)] [--host 127.0.0.1] [--seed file.json] [--data-dir DIR] [--sip-upstream upstream.json (calls go through an external SIP server; see docs/INTEROP.md)] [--demo-calls N (customers call the inbound campaigns by themselves, N calls, 20 s after start and every minute)] [--rtp-timeout SECONDS (no RTP from the agent this long ends a call not on hold; default 30, 0 = off, at most 3600)]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8480' },
      host: { type: 'string', default: '127.0.0.1' },
      seed: { type: 'string' },
      'data-dir': { type: 'string' },
      'sip-upstream': { type: 'string' },
      'demo-calls': { type: 'string', default: '0' },
      'rtp-timeout': { type: 'string', default: '30' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a whole number from 0 to 65535 (got ${values.port}).`);
  const demoCalls = Number(values['demo-calls']);
  if (!Number.isInteger(demoCalls) || demoCalls < 0 || demoCalls > 100) throw new Error(`--demo-calls must be a whole number from 0 to 100 (got ${values['demo-calls']}).`);
  const rtpTimeout = Number(values['rtp-timeout']);
  if (!/^\d{1,4}$/.test(values['rtp-timeout']) || rtpTimeout > 3600) throw new Error(`--rtp-timeout must be a whole number of seconds from 0 (off) to 3600 (got ${values['rtp-timeout']}).`);
  const sipOptions = { rtpTimeoutMs: rtpTimeout * 1000, ...(demoCalls > 0 ? { demoCalls: { count: demoCalls } } : {}) };
  if (!isLoopbackHost(values.host)) throw new Error(`--host must be a loopback address such as 127.0.0.1 (got ${values.host}).`);
  const sim = await startSimulator({
    port,
    host: values.host,
    seedFile: values.seed,
    dataDir: values['data-dir'],
    extensions: values['sip-upstream'] ? [createUpstreamSipExtension(readUpstreamOptionsFile(values['sip-upstream']), sipOptions)] : [createSipExtension(sipOptions)],
  });
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    sim.close().then(
      () => {
        process.stderr.write(`simulator: stopped on ${signal}\n`);
        process.exit(0);
      },
      (error: unknown) => {
        process.stderr.write(`simulator: stopping failed: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.stdout.write(`${JSON.stringify(sim.ready)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`simulator: ${(error as Error).message}\n${usage}\n`);
  process.exit(1);
});
