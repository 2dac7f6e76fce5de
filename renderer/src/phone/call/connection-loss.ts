/**
 * Why the phone's connection to the platform went away, as far as the phone
 * can tell, for the reasons it gives about the calls the loss took. Pure.
 *
 *   the platform closed the WebSocket saying it goes away (1001/1012)  ─▶ platform-restarted
 *   main reported a network change, and the platform said nothing      ─▶ network
 *   anything else (the socket dropped without a word, or nothing       ─▶ connection-lost
 *   answered the keep-alive): a crashed platform and a cut network look the same from here
 *
 * `ConnectionLosses` keeps what started the last outage, so the phone can say
 * it when an agent acts on a call between outages.
 */
import type { Say } from '../../../../common/i18n/say';
import type { MissedCallReason } from '../../../../common/ipc/calls';
import type { Transport } from 'sip.js';
import type { KickReason, RegisteredAgain } from '../connection/registration-keeper';
import { isLiveTransport, type ConnectionEnd } from '../connection/ws-transport';

export type ConnectionLoss = 'platform-restarted' | 'network' | 'connection-lost';

/** `end`: how the lost connection ended (null when unknown, or no connection was lost); `cause`: what started the outage. */
export function connectionLoss(end: ConnectionEnd | null, cause: KickReason | 'lost'): ConnectionLoss {
  if (end === 'server-going-away') return 'platform-restarted';
  if (cause === 'network-changed') return 'network';
  return 'connection-lost';
}

/** How the phone's last open connection ended (the app's transport tells; null with another). */
export function transportEnd(transport: Transport): ConnectionEnd | null {
  return isLiveTransport(transport) ? (transport.lastEnd ?? null) : null;
}

/** Remembers what started the last outage, so a call can be told what took its connection at any time. */
export class ConnectionLosses {
  private cause: KickReason | 'lost' = 'lost';

  constructor(readonly end: () => ConnectionEnd | null) {}

  /** The connection closed, in an outage `cause` started: what took it. */
  closed(cause: KickReason | 'lost'): ConnectionLoss {
    this.cause = cause;
    return connectionLoss(this.end(), cause);
  }

  /** Registered again: the loss it came back from (how a connection ended counts only when one was lost). */
  registeredAgain(again: RegisteredAgain): ConnectionLoss {
    this.cause = again.cause;
    return connectionLoss(again.newConnection ? this.end() : null, again.cause);
  }

  /** What took the last connection that was lost. */
  last(): ConnectionLoss {
    return connectionLoss(this.end(), this.cause);
  }
}

/** A call that rang over a connection that is gone, as the missed-call list says it (a network cut is a lost connection too). */
export function missedOfLoss(loss: ConnectionLoss): Extract<MissedCallReason, 'platform-restarted' | 'connection-lost'> {
  return loss === 'platform-restarted' ? 'platform-restarted' : 'connection-lost';
}

const RING_LOST = {
  'platform-restarted': 'phone.ringLost.restart',
  network: 'phone.ringLost.network',
  'connection-lost': 'phone.ringLost.connection',
} as const;

/** Why a ringing call ended without anyone hanging up: its INVITE's connection is gone, so no answer could reach the platform. */
export function ringLostSaid(loss: ConnectionLoss): Say {
  return { key: RING_LOST[loss], params: {} };
}
