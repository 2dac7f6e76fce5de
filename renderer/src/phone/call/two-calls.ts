/**
 * What the agent does with two calls at once (call-set.ts): take a call
 * waiting by holding or ending the live one, and go back and forth between a
 * held call and the one talking (also between a customer and the
 * consultation about them, transfer/consultation.ts).
 */
import { PhoneError } from '../phone-error';
import type { CallSet } from './call-set';
import { isDialling } from './call-state';
import type { ConnectionLoss } from './connection-loss';

/** How the agent takes a waiting call: by holding the live one, or by ending it. */
export type TakeWaitingMode = 'hold-current' | 'end-current';

/**
 * Takes the waiting call: holds the live one first (`hold-current`, it stays
 * on hold beside) or ends it (`end-current`, it goes to its wrap-up). A
 * waiting call that rang over a connection that is gone is ended instead
 * (saying what took it) and the live call is left alone: never end a
 * customer's call to answer one nobody can answer.
 */
export async function takeWaiting(calls: CallSet, mode: TakeWaitingMode, loss: () => ConnectionLoss): Promise<void> {
  const waiting = calls.waiting;
  if (!waiting) throw new PhoneError('phone.err.noWaitingCall');
  if (waiting.connectionGone(loss())) return;
  for (const other of calls.others(waiting)) {
    if (mode === 'end-current') await other.hangUp();
    else if (other.state.kind === 'active') await other.hold();
    else if (other.state.kind !== 'held') await other.hangUp();
  }
  await waiting.answer();
}

/** Goes back to the call on hold: the one talking now is held first. Not while a placed call still rings (cancel it or wait). */
export async function swap(calls: CallSet): Promise<void> {
  if (calls.all.some((c) => isDialling(c.state))) throw new PhoneError('phone.err.swapWhileDialling');
  const front = calls.foreground;
  const held = calls.background ?? (front?.state.kind === 'held' ? front : null);
  if (!held) throw new PhoneError('phone.err.resumeNotHeld');
  for (const other of calls.others(held)) if (other.state.kind === 'active') await other.hold();
  await held.resume();
}
