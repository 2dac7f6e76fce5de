// What each end of a call sends, for a failing audio check to print: in an
// agent's page, each peer connection's senders (what their track gives, what
// went out as RTP); in the simulator, each live call's legs (packets and level
// received from the phone and sent to it). A party that heard nothing then
// says where the audio stopped: in the mix, at the sender, or in the
// simulator's relay. Test instrumentation only.
import type { Page } from 'playwright-core';
import type { E2EApp } from './harness';

interface WatchWindow {
  __peerConnections?: RTCPeerConnection[];
}

/** From now on, every peer connection the page makes is remembered (run before the calls start). */
export async function installSenderWatch(page: Page): Promise<void> {
  await page.evaluate(watchPeerConnections);
}

/** The same, and again in every page loaded from now on, before its scripts run (a reloaded page takes its calls back at once). */
export async function installSenderWatchOnLoad(page: Page): Promise<void> {
  await page.addInitScript(watchPeerConnections);
  await installSenderWatch(page);
}

function watchPeerConnections(): void {
  const w = window as unknown as WatchWindow & { RTCPeerConnection: typeof RTCPeerConnection };
  if (w.__peerConnections) return;
  const made: RTCPeerConnection[] = [];
  w.__peerConnections = made;
  const Original = w.RTCPeerConnection;
  w.RTCPeerConnection = class extends Original {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      made.push(this);
    }
  };
}

/** One line per open peer connection of the page: its state, each sender's track and outbound figures. */
export async function sendersReport(page: Page): Promise<string> {
  return page
    .evaluate(async () => {
      const made = (window as unknown as WatchWindow).__peerConnections ?? [];
      const lines: string[] = [];
      for (const [index, pc] of made.entries()) {
        if (pc.connectionState === 'closed') continue;
        const stats = [...(await pc.getStats()).values()] as (Record<string, unknown> & { type: string; id: string })[];
        const senders = pc.getSenders().map((sender) => {
          const track = sender.track;
          const name = track ? `${track.label.slice(0, 24) || track.id.slice(0, 8)} ${track.readyState}${track.enabled ? '' : ' disabled'}${track.muted ? ' muted' : ''}` : 'no track';
          return name;
        });
        const outbound = stats.filter((s) => s.type === 'outbound-rtp').map((s) => `sent ${String(s['packetsSent'])} packets`);
        const sources = stats
          .filter((s) => s.type === 'media-source')
          .map((s) => `source level ${Number(s['audioLevel'] ?? 0).toFixed(3)} energy ${Number(s['totalAudioEnergy'] ?? 0).toFixed(3)} over ${Number(s['totalSamplesDuration'] ?? 0).toFixed(1)} s`);
        const inbound = stats.filter((s) => s.type === 'inbound-rtp').map((s) => `received ${String(s['packetsReceived'])} packets, level ${Number(s['audioLevel'] ?? 0).toFixed(3)}`);
        lines.push(`pc${index} ${pc.connectionState}: track ${senders.join(', ')}; ${[...outbound, ...sources, ...inbound].join('; ')}`);
      }
      return lines.join(' | ');
    })
    .catch((error: unknown) => `(no report: ${String(error)})`);
}

interface LegLevels {
  received?: { packets?: number; rms?: number };
  sent?: { packets?: number; rms?: number; dtls?: string };
}
interface CallView {
  guid?: string;
  status?: string;
  parties?: { role?: string; phone?: string; number?: string; levels?: LegLevels }[];
}

/** One line per live call of the simulator: each agent leg's packets and level, from the phone and to it. */
export async function simLegsReport(app: E2EApp): Promise<string> {
  const calls = Object.values(((await app.simState())['calls'] ?? {}) as Record<string, CallView>);
  return calls
    .filter((call) => call.status === 'active' || call.status === 'ringing')
    .map((call) => {
      const parties = (call.parties ?? []).map((party) => {
        const { received, sent } = party.levels ?? {};
        const figures = party.levels ? ` from phone ${received?.packets ?? 0} pk rms ${received?.rms ?? 0}, to phone ${sent?.packets ?? 0} pk rms ${sent?.rms ?? 0} dtls ${sent?.dtls ?? '?'}` : '';
        return `${party.role ?? '?'} ${party.phone ?? party.number ?? ''}${figures}`;
      });
      return `${call.guid ?? '?'} ${call.status}: ${parties.join('; ')}`;
    })
    .join(' | ');
}
