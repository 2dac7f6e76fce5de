// One SIP-over-WebSocket connection (RFC 7118): a frame carries one message.

export interface SipConnection {
  /** Unique per connection, for logs and maps. */
  readonly id: string;
  /** 'ws' or 'wss', as the Via transport of what it sends. */
  readonly transport: 'ws' | 'wss';
  readonly remoteAddress: string;
  readonly remotePort: number;
  send(text: string): void;
  /** False once the simulator's side of it is gone (closed, or forgotten as half-open). */
  isOpen(): boolean;
  /** Called once when the simulator's side of it goes (the socket closed, or it was dropped half-open). */
  onClose(listener: () => void): void;
}
