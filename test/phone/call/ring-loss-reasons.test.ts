// Why a call that rang was not taken when the platform went away (issue 23):
// the loss of its INVITE's connection comes before every other reason, a
// CANCEL sent as the platform shut down is the restart, and what the phone can
// tell about a lost connection (a close frame "going away", a network change
// main reported, or neither).
import { describe, expect, it } from 'vitest';
import type { CallState } from '../../../renderer/src/phone/call/call-state';
import { connectionLoss, missedOfLoss, ringLostSaid } from '../../../renderer/src/phone/call/connection-loss';
import { missedReason, type RingEnd } from '../../../renderer/src/phone/call/missed-reason';
import { describeGone } from '../../../renderer/src/phone/call/in-dialog';
import { en } from '../../../common/i18n/en';
import { es } from '../../../common/i18n/es';

const ended = (cause: Extract<CallState, { kind: 'ended' }>['cause'], extra: object = {}): CallState => ({ kind: 'ended', cause, by: 'system', ...extra });
const ring = (state: CallState, facts: Partial<RingEnd> = {}): RingEnd => ({
  state, endedFrom: 'ringing', offeredWhileBusy: false, cancelledForNoAnswer: false, cancelledAsPlatformLeft: false, ...facts,
});

describe('what the phone can tell about a lost connection', () => {
  it('a close frame saying the server goes away is a restart; a network change main reported is the network; anything else cannot be told apart', () => {
    expect(connectionLoss('server-going-away', 'lost')).toBe('platform-restarted');
    expect(connectionLoss('server-going-away', 'network-changed')).toBe('platform-restarted');
    expect(connectionLoss('dropped', 'network-changed')).toBe('network');
    expect(connectionLoss(null, 'network-changed')).toBe('network');
    // A crashed platform and a cut network both drop the socket without a word.
    expect(connectionLoss('dropped', 'lost')).toBe('connection-lost');
    expect(connectionLoss('given-up', 'lost')).toBe('connection-lost');
    expect(connectionLoss('server-closed', 'lost')).toBe('connection-lost');
    expect(connectionLoss(null, 'resumed')).toBe('connection-lost');
  });

  it('a ringing call lost with its connection is missed as "platform restarted" or "connection lost", never as the network', () => {
    expect(missedOfLoss('platform-restarted')).toBe('platform-restarted');
    expect(missedOfLoss('connection-lost')).toBe('connection-lost');
    expect(missedOfLoss('network')).toBe('connection-lost');
  });
});

describe('the missed reason of a call that rang while the platform went away', () => {
  it('its connection lost comes before "offered while busy" and "rejected"', () => {
    expect(missedReason(ring(ended('connection-lost', { loss: 'platform-restarted' })))).toBe('platform-restarted');
    expect(missedReason(ring(ended('connection-lost', { loss: 'connection-lost' }), { offeredWhileBusy: true }))).toBe('connection-lost');
    expect(missedReason(ring(ended('connection-lost', { loss: 'network' })))).toBe('connection-lost');
    expect(missedReason(ring(ended('connection-lost')))).toBe('connection-lost');
  });

  it('a CANCEL sent as the platform shut down is the restart, not the caller giving up nor the queue moving on', () => {
    expect(missedReason(ring(ended('cancelled'), { cancelledAsPlatformLeft: true }))).toBe('platform-restarted');
    expect(missedReason(ring(ended('cancelled'), { cancelledAsPlatformLeft: true, cancelledForNoAnswer: true, offeredWhileBusy: true }))).toBe('platform-restarted');
    expect(missedReason(ring(ended('cancelled')))).toBe('abandoned');
    expect(missedReason(ring(ended('cancelled'), { cancelledForNoAnswer: true }))).toBe('rang-out');
  });

  it('the reasons that were there stay as they were; a call that did not end from ringing is not missed', () => {
    expect(missedReason(ring(ended('rejected')))).toBe('rejected');
    expect(missedReason(ring(ended('rejected'), { offeredWhileBusy: true }))).toBe('offered-while-busy');
    expect(missedReason(ring(ended('connection-lost'), { endedFrom: 'active' }))).toBeNull();
    expect(missedReason(ring({ kind: 'ringing' }))).toBeNull();
  });
});

describe('the words for it, in both languages', () => {
  const words = (key: string) => [en[key as keyof typeof en], es[key as keyof typeof es]];

  it('a ringing call lost says what took it', () => {
    expect(words(ringLostSaid('platform-restarted').key)).toEqual([expect.stringMatching(/platform restarted/), expect.stringMatching(/plataforma se reinició/)]);
    expect(words(ringLostSaid('connection-lost').key)).toEqual([expect.stringMatching(/connection to the platform was lost/), expect.stringMatching(/perdió la conexión con la plataforma/)]);
    expect(words('calls.missed.reason.connection-lost').join(' ')).not.toMatch(/network|red\b/i);
  });

  it('a live call found gone after an outage says network, restart, or a lost connection; never the network when the phone cannot tell', () => {
    const gone = { kind: 'rejected', status: 481, reason: 'Call/Transaction Does Not Exist' } as const;
    expect(words(describeGone(gone, 'platform-restarted').key)[0]).toMatch(/platform restarted/);
    expect(words(describeGone(gone, 'network').key)[0]).toMatch(/network/);
    const lost = words(describeGone(gone, 'connection-lost').key);
    expect(lost[0]).toMatch(/connection to the platform was lost/);
    expect(lost.join(' ')).not.toMatch(/network|la red/i);
    // The wrap-up's banner leaves the why to the reason.
    expect(words('calls.dispo.dropped').join(' ')).not.toMatch(/network|la red/i);
  });
});
