/**
 * Registration of the phone with the platform's registrar.
 *
 *   unregistered ──register──▶ registering ──200 OK──▶ registered
 *        ▲                       │    ▲                   │
 *        │                       │    └──socket back / ───┤
 *        │                  401/403/timeout    refresh    │
 *        │                       ▼                        │
 *        └────unregister──── failed{reason} ◀──rejected───┘
 *
 * `unregistered` is reachable from every state (sign-out, stop). `failed`
 * is left by trying again (`registering`), by stopping, or by a 200 that
 * comes late for an earlier REGISTER still in flight when a later one was
 * refused (the registrar holds that binding: a loaded Kamailio did it with
 * 2,000 phones); a new failure while failed replaces the reason.
 */
import type { Say } from '../../../../common/i18n/say';
import { assertTransition, type TransitionTable } from '../state-machine';

export type RegistrationState =
  | { readonly kind: 'unregistered' }
  | { readonly kind: 'registering' }
  | { readonly kind: 'registered' }
  | { readonly kind: 'failed'; readonly reason: Say };

export type RegistrationKind = RegistrationState['kind'];

const table: TransitionTable<RegistrationKind> = {
  unregistered: ['registering'],
  registering: ['registered', 'failed', 'unregistered', 'registering'],
  registered: ['registering', 'failed', 'unregistered'],
  failed: ['registering', 'registered', 'unregistered', 'failed'],
};

export function nextRegistration(from: RegistrationState, to: RegistrationState): RegistrationState {
  assertTransition('registration', table, from.kind, to.kind);
  return to;
}

/** The header's indicator: what the agent needs to know at a glance. */
export type ConnectionIndicator = 'registered' | 'connecting' | 'offline';
