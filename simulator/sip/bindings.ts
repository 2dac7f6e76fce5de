// Registrar bindings: address-of-record user → the contact that reaches it.
// A binding lives while its WebSocket is open and until it expires (RFC 3261 §10.3).
import type { Core } from 'sip.js';
import type { SipConnection } from './sip-connection';

export interface Binding {
  /** The AOR user (the agent's phone/extension, `name` in its record). */
  user: string;
  /** The Contact URI the agent registered, used as Request-URI of INVITEs to it. */
  contact: Core.URI;
  /** The Contact as registered, for the 200 OK. */
  contactRaw: string;
  connection: SipConnection;
  expiresAt: number;
}

export type BindingEvent = { type: 'registered' | 'unregistered'; user: string };

export class BindingStore {
  private readonly byUser = new Map<string, Binding[]>();
  private readonly listeners = new Set<(event: BindingEvent) => void>();
  private readonly watched = new WeakSet<SipConnection>();

  constructor(private readonly now: () => number = Date.now) {}

  onChange(listener: (event: BindingEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Adds or refreshes the binding of `contact` for `user`. */
  upsert(binding: Binding): void {
    const current = this.live(binding.user).filter((b) => !sameContact(b, binding));
    current.push(binding);
    this.byUser.set(binding.user, current);
    if (!this.watched.has(binding.connection)) {
      this.watched.add(binding.connection);
      binding.connection.onClose(() => this.dropConnection(binding.connection));
    }
    this.emit({ type: 'registered', user: binding.user });
  }

  /** Removes one contact (or all with `*`) of `user`. */
  remove(user: string, contact: Core.URI | '*'): void {
    const before = this.live(user);
    const after = contact === '*' ? [] : before.filter((b) => !sameUri(b.contact, contact));
    this.setOrDelete(user, after);
    if (before.length > 0 && after.length === 0) this.emit({ type: 'unregistered', user });
  }

  /** Live bindings of `user`, newest last; expired or closed ones are dropped. */
  live(user: string): Binding[] {
    const all = this.byUser.get(user) ?? [];
    const now = this.now();
    const alive = all.filter((b) => b.expiresAt > now && b.connection.isOpen());
    if (alive.length !== all.length) {
      this.setOrDelete(user, alive);
      if (alive.length === 0) this.emit({ type: 'unregistered', user });
    }
    return alive;
  }

  /** The most recent live binding of `user`. */
  current(user: string): Binding | undefined {
    return this.live(user).at(-1);
  }

  isRegistered(user: string): boolean {
    return this.current(user) !== undefined;
  }

  registeredUsers(): string[] {
    return [...this.byUser.keys()].filter((user) => this.isRegistered(user));
  }

  /** The users with a live binding over `connection`. */
  usersOn(connection: SipConnection): string[] {
    return this.registeredUsers().filter((user) => this.live(user).some((b) => b.connection === connection));
  }

  private dropConnection(connection: SipConnection): void {
    for (const [user, bindings] of [...this.byUser]) {
      const kept = bindings.filter((b) => b.connection !== connection);
      if (kept.length === bindings.length) continue;
      this.setOrDelete(user, kept);
      if (kept.length === 0) this.emit({ type: 'unregistered', user });
    }
  }

  private setOrDelete(user: string, bindings: Binding[]): void {
    if (bindings.length === 0) this.byUser.delete(user);
    else this.byUser.set(user, bindings);
  }

  private emit(event: BindingEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

function sameContact(a: Binding, b: Binding): boolean {
  return a.connection === b.connection || sameUri(a.contact, b.contact);
}

function sameUri(a: Core.URI, b: Core.URI): boolean {
  return a.user === b.user && a.host === b.host && (a.port ?? 0) === (b.port ?? 0);
}
