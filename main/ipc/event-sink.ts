// Pushes main's changes to the renderer over whichever transport is in use.
import type { Connectivity, EventChannel, EventOf } from '../../common/ipc-contract';
import type { AppServices } from './app-services';
import { settingsView } from './settings-view';

export type EventSink = <E extends EventChannel>(event: E, payload: EventOf<E>) => void;

/** A source of reachability changes (main/services/connectivity fits). */
export interface ConnectivitySource {
  readonly state: 'online' | 'offline';
  onChange(listener: (change: { state: 'online' | 'offline'; reason?: Connectivity['reason'] }) => void): () => void;
}

/** Subscribes the sink to every service event; returns the unsubscribe. */
export function forwardEvents(services: AppServices, sink: EventSink, connectivity?: ConnectivitySource): () => void {
  const offs = [
    services.session.onChange((view) => sink('session.changed', view)),
    services.session.onRenewal((renewal) => sink('session.renewal', renewal)),
    services.settings.onChange(() => sink('settings.changed', settingsView(services))),
    services.supervisor.onUploadProgress((progress) => sink('supervisor.uploadProgress', progress)),
    services.calls.onOutboxStatus((status) => sink('calls.outboxStatus', status)),
  ];
  if (connectivity) {
    offs.push(
      connectivity.onChange((change) => {
        const payload: Connectivity = {
          api: change.state,
          detail: change.state === 'offline' ? 'The platform could not be reached; retrying.' : null,
          ...(change.reason ? { reason: change.reason } : {}),
        };
        sink('connectivity.changed', payload);
      }),
    );
  }
  return () => {
    for (const off of offs) off();
  };
}
