// `npm start`: runs the app. With no instance configured it starts the
// built-in simulator and points the app at it, sign-in form pre-filled with a
// seeded demo agent. Launches Electron where its binary is installed;
// otherwise says so in one line and serves the same app to a browser.
//
//   npm start                          simulator + Electron (or browser host + Chromium)
//   npm start -- --browser --no-open   browser host; prints one JSON "ready" line
//   npm start -- --instance <url>      a real instance; no simulator
//     [--sip-url <wss://…/ws>] [--ca-file <pem>]   its SIP WebSocket and private CA, for this run only
//   --ice-servers <turn:h:443?transport=tcp,stun:h>  STUN/TURN addresses for this run (credentials: in the app)
//   --port <n>  browser host port (default any)    --data-dir <dir>  browser-mode settings
//   --open-link <tel:…>  a click-to-dial link, handed over as the OS hands one to the app (in argv)
//   --no-demo-calls  the simulator's customers do not call the demo agent by themselves
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_EVERY_MS, DEMO_FIRST_DELAY_MS } from '../simulator/sip/demo-calls';
import { createSipExtension } from '../simulator/sip/sip-extension';
import { startSimulator, type Simulator } from '../simulator/index';
import { startBrowserHost } from './browser-host';
import { ensureRendererBuilt } from './browser-host/ensure-renderer';
import { findBrowser, hasDisplay, openInBrowser } from './browser-host/open-browser';
import { handOverToRunningHost } from './browser-host/second-launch';
import { MAX_STATE_FILE_BYTES, readRegularFileSync } from './services/files';
import { LAUNCH_ENV, parseIceServersArgument, type LaunchOverrides } from './services/session';
import { demoBanner } from './start-banner';

const PROJECT_DIR = resolve(import.meta.dirname, '..');
const say = (line: string) => process.stderr.write(`${line}\n`);

const { values: args } = parseArgs({
  options: {
    browser: { type: 'boolean', default: false },
    'no-open': { type: 'boolean', default: false },
    instance: { type: 'string' },
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string' },
    'open-link': { type: 'string' },
    'sip-url': { type: 'string' },
    'ca-file': { type: 'string' },
    'ice-servers': { type: 'string' },
    'no-demo-calls': { type: 'boolean', default: false },
  },
  strict: true,
});

/** In the demo a customer calls the demo agent's inbound campaign by itself, five times (timing: DEMO_* of simulator/sip/demo-calls.ts). */
const DEMO_CALLS = { count: 5, firstDelayMs: DEMO_FIRST_DELAY_MS, everyMs: DEMO_EVERY_MS };

const dataDir = resolve(args['data-dir'] ?? join(process.env['XDG_CONFIG_HOME'] ?? join(homedir(), '.config'), 'agent-softphone', 'browser-host'));

async function main(): Promise<void> {
  const instanceOverrides = checkInstanceOverrides(args['sip-url'], args['ca-file']);
  const ice = args['ice-servers'] === undefined ? null : parseIceServersArgument(args['ice-servers']);
  if (ice && !ice.ok) throw new Error(`--ice-servers: ${ice.problem}.`);
  // A link for a browser host already running on this data folder goes to it, as a second Electron launch would.
  if (args['open-link'] && (args.browser || !electronBinary()) && (await handOverToRunningHost(dataDir, [process.execPath, args['open-link']])) === 'handed-over') {
    say('The app is already running: the link was handed to it.');
    return;
  }
  const instance = args.instance ?? configuredInstance(join(dataDir, 'settings.json'));
  const closers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const close of closers.reverse().splice(0)) await close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());

  let sim: Simulator | null = null;
  if (!instance) {
    const startedAt = new Date();
    const started = await startSimulator({ port: 0, extensions: [createSipExtension(args['no-demo-calls'] ? {} : { demoCalls: DEMO_CALLS })] });
    sim = started;
    closers.push(() => started.close());
    say(`No instance configured: the built-in simulator runs at ${started.baseUrl}.`);
    const demoCalls = args['no-demo-calls'] ? null : DEMO_CALLS;
    for (const line of demoBanner({ startedAt, demoCalls, agent: started.ready.credentials.agents[0], supervisor: started.ready.credentials.apiUser })) say(line);
  }
  const demo = sim?.ready.credentials.agents[0];
  const sipWs = sim ? readSipWs(sim.ready) : undefined;
  if (sim && (args['sip-url'] !== undefined || args['ca-file'] !== undefined)) say('--sip-url and --ca-file apply to --instance; the simulator brings its own.');
  const overrides: LaunchOverrides = {
    ...(sim ? { instanceUrl: sim.baseUrl } : args.instance ? { instanceUrl: args.instance } : {}),
    ...(demo ? { agent: demo.agent } : {}),
    ...(sipWs ? { sipUrl: sipWs } : sim ? {} : instanceOverrides),
    ...(ice?.ok ? { iceServers: ice.servers } : {}),
  };

  const electron = args.browser ? undefined : electronBinary();
  if (electron) {
    ensureRendererBuilt(PROJECT_DIR, say);
    const child = spawn(electron, [PROJECT_DIR, ...(args['open-link'] ? [args['open-link']] : [])], { stdio: 'inherit', env: { ...process.env, ...launchEnv(overrides, demo?.password, sim !== null) } });
    child.on('exit', () => void stop());
    return;
  }
  if (!args.browser) say("Electron's binary is not installed on this machine; serving the same app to a browser instead.");

  const rendererDir = ensureRendererBuilt(PROJECT_DIR, say);
  const host = await startBrowserHost({
    rendererDir,
    dataDir,
    port: Number(args.port),
    overrides,
    ...(demo ? { rememberedPasswords: { [demo.agent]: demo.password } } : {}),
    // Where the OS puts a link: after the executable (read by the same router as Electron's argv).
    ...(args['open-link'] ? { argv: [process.execPath, args['open-link']] } : {}),
    onUnexpectedError: (channel, error) => say(`${channel} failed: ${error instanceof Error ? error.message : String(error)}`),
  });
  closers.push(() => host.close());

  // One address with a one-time code: the first page to open it gets the bridge (never the secret itself).
  const pageUrl = host.url;
  if (args['no-open']) {
    process.stdout.write(`${JSON.stringify({ event: 'ready', url: pageUrl, simulator: sim?.ready ?? null })}\n`);
    return;
  }
  const browser = findBrowser();
  if (browser && hasDisplay(process.env, process.platform)) {
    say(`Opening the app in ${browser}. Stop with Ctrl+C.`);
    const opened = openInBrowser(pageUrl, browser, { builtInSimulator: sim !== null });
    closers.push(async () => opened.removeProfile());
    opened.child.on('error', () => say(`Could not start ${browser}; open ${pageUrl} yourself.`));
  } else {
    say(`Open this address in Chromium or Chrome: ${pageUrl}  (it works once; Ctrl+C stops)`);
  }
}

function electronBinary(): string | undefined {
  const pathFile = join(PROJECT_DIR, 'node_modules/electron/path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(PROJECT_DIR, 'node_modules/electron/dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

function launchEnv(overrides: LaunchOverrides, demoPassword: string | undefined, builtInSimulator: boolean): Record<string, string> {
  const env: Record<string, string> = {};
  if (overrides.instanceUrl) env[LAUNCH_ENV.instanceUrl] = overrides.instanceUrl;
  if (overrides.agent) env[LAUNCH_ENV.agent] = overrides.agent;
  if (overrides.sipUrl) env[LAUNCH_ENV.sipUrl] = overrides.sipUrl;
  if (overrides.caFile) env[LAUNCH_ENV.caFile] = overrides.caFile;
  if (overrides.iceServers) env[LAUNCH_ENV.iceServers] = overrides.iceServers.map((s) => s.urls).join(',');
  if (demoPassword) env[LAUNCH_ENV.demoPassword] = demoPassword;
  if (builtInSimulator) env[LAUNCH_ENV.builtInSimulator] = '1';
  return env;
}

/** The instance saved by an earlier browser-mode sign-in, if any (a broken file, or anything but a regular file, counts as none). */
function configuredInstance(settingsFile: string): string | undefined {
  const read = readRegularFileSync(settingsFile, MAX_STATE_FILE_BYTES);
  if (!read.ok) return undefined;
  try {
    const parsed: unknown = JSON.parse(read.bytes.toString('utf8'));
    const url = typeof parsed === 'object' && parsed !== null && 'instanceUrl' in parsed ? parsed.instanceUrl : undefined;
    return typeof url === 'string' && url !== '' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** `--sip-url` must be a ws:// or wss:// address and `--ca-file` a readable file; otherwise npm start stops here and says why. */
function checkInstanceOverrides(sipUrl: string | undefined, caFile: string | undefined): Pick<LaunchOverrides, 'sipUrl' | 'caFile'> {
  const checked: Pick<LaunchOverrides, 'sipUrl' | 'caFile'> = {};
  if (sipUrl !== undefined) {
    if (!URL.canParse(sipUrl) || !['ws:', 'wss:'].includes(new URL(sipUrl).protocol)) {
      throw new Error(`--sip-url ${JSON.stringify(sipUrl)} is not a WebSocket address. Give one like wss://<host>:8089/ws.`);
    }
    checked.sipUrl = sipUrl;
  }
  if (caFile !== undefined) {
    const path = resolve(caFile);
    try {
      accessSync(path, constants.R_OK);
    } catch {
      throw new Error(`--ca-file: ${path} cannot be read. Give the path of the CA certificate (PEM) of the instance.`);
    }
    checked.caFile = path;
  }
  return checked;
}

function readSipWs(ready: Simulator['ready']): string | undefined {
  const sip = ready['sip'];
  return typeof sip === 'object' && sip !== null && 'ws' in sip && typeof sip.ws === 'string' ? sip.ws : undefined;
}

main().catch((error: unknown) => {
  say(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
