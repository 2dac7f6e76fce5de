/**
 * Whether a live call's audio is really arriving, from what the call itself
 * says: inbound RTP counted by the quality samples and the peer connection's
 * state. Never from what the UI remembers.
 *
 *   flowing ──no inbound packet for silentAfterMs──▶ silent{side}
 *      ▲                                              │ … and no signalling for offerEndAfterMs
 *      └───────────── a packet arrives ◀──────────────┴──▶ silent{offerEnd}
 *
 * `side` says where the silence comes from as far as the phone can tell:
 * `no-path` when the peer connection never connected and no packet ever came
 * (ICE found no way to the media server: a firewall or NAT that needs TURN),
 * `network` when the peer connection lost its path (disconnected/failed),
 * `platform` when the path is up but the far end sends nothing. While no
 * audio is expected (we hold the call, or the far end holds us) it stays
 * `flowing`, and the wait starts again when audio is expected again.
 */

export type MediaSide = 'no-path' | 'network' | 'platform';

export type MediaHealth =
  | { readonly kind: 'flowing' }
  | { readonly kind: 'silent'; readonly since: number; readonly side: MediaSide; readonly offerEnd: boolean };

export interface MediaWatchOptions {
  /** No inbound packet for this long = no audio (default 3 s). */
  readonly silentAfterMs?: number;
  /** Silent this long while the phone has no signalling = offer to end the call (default 20 s). */
  readonly offerEndAfterMs?: number;
}

export const MEDIA_WATCH_DEFAULTS = { silentAfterMs: 3_000, offerEndAfterMs: 20_000 } as const;

const FLOWING: MediaHealth = { kind: 'flowing' };

export class MediaWatch {
  private lastAudioAt: number;
  private expecting = true;
  private pathBroken = false;
  /** Whether the peer connection was ever connected or a packet ever arrived. */
  private pathSeen = false;
  private signalling = true;
  private health: MediaHealth = FLOWING;

  constructor(
    startedAt: number,
    private readonly opts: MediaWatchOptions = {},
  ) {
    this.lastAudioAt = startedAt;
  }

  get current(): MediaHealth {
    return this.health;
  }

  /** A quality sample: `packetsInInterval` audio packets arrived since the last one. */
  sample(packetsInInterval: number, now: number): MediaHealth {
    if (packetsInInterval > 0) {
      this.lastAudioAt = now;
      this.pathSeen = true;
    }
    return this.evaluate(now);
  }

  /** The peer connection's `connectionState`. */
  pathState(state: RTCPeerConnectionState, now: number): MediaHealth {
    this.pathBroken = state === 'disconnected' || state === 'failed';
    if (state === 'connected') this.pathSeen = true;
    return this.evaluate(now);
  }

  /** Whether audio should arrive now (false while either side holds the call). */
  expectAudio(expecting: boolean, now: number): MediaHealth {
    if (expecting && !this.expecting) this.lastAudioAt = now;
    this.expecting = expecting;
    return this.evaluate(now);
  }

  /** Whether the phone has a registered SIP connection. */
  signallingUp(up: boolean, now: number): MediaHealth {
    this.signalling = up;
    return this.evaluate(now);
  }

  evaluate(now: number): MediaHealth {
    const silentAfter = this.opts.silentAfterMs ?? MEDIA_WATCH_DEFAULTS.silentAfterMs;
    const offerAfter = this.opts.offerEndAfterMs ?? MEDIA_WATCH_DEFAULTS.offerEndAfterMs;
    const silentFor = now - this.lastAudioAt;
    if (!this.expecting || silentFor < silentAfter) {
      this.health = FLOWING;
      return this.health;
    }
    this.health = {
      kind: 'silent',
      since: this.lastAudioAt,
      side: !this.pathSeen ? 'no-path' : this.pathBroken ? 'network' : 'platform',
      offerEnd: !this.signalling && silentFor >= offerAfter,
    };
    return this.health;
  }
}

export function sameHealth(a: MediaHealth, b: MediaHealth): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'flowing' || b.kind === 'flowing') return true;
  return a.side === b.side && a.offerEnd === b.offerEnd && a.since === b.since;
}
