// Keeps the originator registered on the external server: REGISTER on every
// (re)connection of the transport, refreshes by sip.js, status for the control
// API. A refused registration (401/403) stops until the next reconnection.
import { Registerer, RegistererState, RequestPendingError, TransportState, type UserAgent } from 'sip.js';

export type UpstreamRegistration = 'off' | 'unregistered' | 'registering' | 'registered' | 'failed';

export interface UpstreamStatus {
  proxyWsUrl: string;
  domain: string;
  username: string;
  connected: boolean;
  registration: UpstreamRegistration;
  /** When the last REGISTER was accepted. */
  registeredAt?: string;
  lastError?: string;
  /** How many times the WebSocket opened, and REGISTERs were accepted. */
  connects: number;
  registrations: number;
}

export class UpstreamRegistrar {
  private registerer: Registerer | undefined;
  private readonly status: UpstreamStatus;
  private stopListening: (() => void) | undefined;

  constructor(
    private readonly userAgent: UserAgent,
    private readonly options: { register: boolean; expiresSec: number; log?(line: string): void },
    identity: Pick<UpstreamStatus, 'proxyWsUrl' | 'domain' | 'username'>,
  ) {
    this.status = { ...identity, connected: false, registration: options.register ? 'unregistered' : 'off', connects: 0, registrations: 0 };
  }

  /** Starts following the transport; call before the transport connects. */
  start(): void {
    const onState = (state: TransportState): void => {
      if (state === TransportState.Connected) {
        this.status.connected = true;
        this.status.connects += 1;
        this.register();
      } else if (state === TransportState.Disconnected) {
        this.status.connected = false;
        if (this.status.registration !== 'off' && this.status.registration !== 'failed') this.status.registration = 'unregistered';
      }
    };
    this.userAgent.transport.stateChange.addListener(onState);
    this.stopListening = () => this.userAgent.transport.stateChange.removeListener(onState);
    if (this.userAgent.transport.isConnected()) onState(TransportState.Connected);
  }

  snapshot(): UpstreamStatus {
    return { ...this.status };
  }

  /** Un-REGISTERs (bounded: 2 s) and stops following the transport. */
  async stop(): Promise<void> {
    this.stopListening?.();
    const registerer = this.registerer;
    this.registerer = undefined;
    if (registerer?.state === RegistererState.Registered && this.userAgent.transport.isConnected()) {
      await Promise.race([registerer.unregister().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    }
  }

  private register(retryIfPending = true): void {
    if (!this.options.register) return;
    this.registerer ??= new Registerer(this.userAgent, { expires: this.options.expiresSec });
    const registerer = this.registerer;
    this.status.registration = 'registering';
    registerer
      .register({
        requestDelegate: {
          onAccept: () => {
            this.status.registration = 'registered';
            this.status.registeredAt = new Date().toISOString();
            this.status.registrations += 1;
            delete this.status.lastError;
            this.options.log?.(`upstream: registered as ${this.status.username}@${this.status.domain}`);
          },
          onReject: (response) => {
            const { statusCode, reasonPhrase } = response.message;
            this.status.registration = 'failed';
            this.status.lastError = `REGISTER answered ${statusCode} ${reasonPhrase}: check the upstream username and HA1/password.`;
            this.options.log?.(`upstream: ${this.status.lastError}`);
          },
        },
      })
      .catch((error: unknown) => {
        // A REGISTER lost with the old socket is still "pending": start afresh.
        if (error instanceof RequestPendingError && retryIfPending) {
          this.registerer = new Registerer(this.userAgent, { expires: this.options.expiresSec });
          this.register(false);
          return;
        }
        this.status.lastError = `REGISTER could not be sent: ${error instanceof Error ? error.message : String(error)}`;
      });
  }
}
