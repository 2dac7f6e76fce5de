// The platform's echo extension for the interop tier: Debian's baresip with
// its `echo` module, which answers every call and plays back what it hears
// (through `aubridge`, decoded and encoded again, on its own 20 ms clock, as
// Asterisk's Echo() does). Plain SIP over UDP and G.711 µ-law on a loopback
// host of its own; Kamailio routes the echo extension to it and rtpengine
// bridges the media to the agent's WebRTC, the same path a customer's audio
// takes (kamailio-trunk.ts).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLogged } from '../support/logged-process';
import { freeTcpPort, waitForTcpPort } from '../support/ports';
import { BARESIP_BIN } from './baresip-customer';
import { writeBaresipHome } from './baresip-home';

// Not 127.0.0.1 (Kamailio counts it as itself on any port); baresip-customer uses 127.0.0.2.
const HOST = '127.0.0.3';

export interface BaresipEcho {
  /** Where Kamailio sends the echo extension's INVITEs, `sip:echo@<host>:<port>`. */
  uri: string;
  log(): string;
  stop(): Promise<void>;
}

export async function startBaresipEcho(): Promise<BaresipEcho> {
  if (!existsSync(BARESIP_BIN)) throw new Error(`Starting baresip failed: ${BARESIP_BIN} is missing. Run test/ensure-packages.sh (as root) first.`);
  const dir = mkdtempSync(join(tmpdir(), 'interop-baresip-echo-'));
  const sipPort = await freeTcpPort(HOST);
  writeBaresipHome(dir, {
    account: `<sip:echo@${HOST}>;regint=0;answermode=manual;audio_codecs=PCMU/8000/1`,
    host: HOST,
    sipPort,
    settings: ['call_max_calls 4', 'jitter_buffer_delay 1-4'],
    modules: ['aubridge.so'],
    // The echo module answers each call itself (answermode manual: the account must not answer first), its
    // source and player one aubridge device of its own.
    apps: ['echo.so'],
  });
  const server = startLogged('baresip (echo)', BARESIP_BIN, ['-f', dir, '-4', ...(process.env['MEDIA_DEBUG'] ? ['-v'] : [])], dir);
  const stop = async (): Promise<void> => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // baresip listens for SIP on TCP as well as UDP on the same port: ready once it accepts.
    await Promise.race([waitForTcpPort(HOST, sipPort, 'baresip (echo)'), server.exitedEarly]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { uri: `sip:echo@${HOST}:${sipPort}`, log: server.log, stop };
}
