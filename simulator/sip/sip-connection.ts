// One SIP-over-WebSocket connection (RFC 7118): a frame carries one message.

export interface SipConnection {
  /** Unique per connection, for logs and maps. */
  readonly id: string;
  /** 'ws' or 'wss', as the Via transport of what it sends. */
  readonly transport: 'ws' | 'wss';
  readonly remoteAddress: string;
  send(text: string): void;
  isOpen(): boolean;
  /** Called once when the socket closes. */
  onClose(listener: () => void): void;
}
