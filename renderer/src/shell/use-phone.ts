// The phone's lifecycle follows the session: a Phone is built from the SIP
// credentials main hands over and started when the agent is signed in, and
// stopped (unregistered) as soon as the session leaves `signed-in` — which
// main announces (`signing-out`) before it calls Log Out. A supervisor-only
// session (no agent) has no SIP credentials: no phone is built at all.
import { useEffect, useMemo, useState } from 'react';
import type { SessionView, SipCredentials } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { Phone, type ConnectionIndicator } from '../phone';

export interface PhoneHandle {
  /** The running phone while signed in (the calls UI uses it), else null. */
  phone: Phone | null;
  connection: ConnectionIndicator;
}

export function usePhone(api: SoftphoneApi, session: SessionView): PhoneHandle {
  const live = session.state === 'signed-in' && session.agent ? session.sip : null;
  const key = live ? JSON.stringify(live) : '';
  // Same credentials → same phone, even when the session object is a new one.
  const credentials = useMemo<SipCredentials | null>(() => (key ? (JSON.parse(key) as SipCredentials) : null), [key]);
  const [phone, setPhone] = useState<Phone | null>(null);
  const [connection, setConnection] = useState<ConnectionIndicator>('offline');

  useEffect(() => {
    if (!credentials) return;
    let created: Phone;
    try {
      created = new Phone({ credentials });
    } catch {
      setConnection('offline');
      return;
    }
    setPhone(created);
    setConnection(created.connection);
    const off = created.on('connection', setConnection);
    // Main reports waking from sleep and network changes: re-register at once.
    const offConnectivity = api.subscribe('connectivity.changed', (change) => {
      if (change.reason === 'resumed') created.resumed();
      else if (change.reason === 'network-changed' || change.reason === 'os-online') created.networkChanged();
    });
    void created.start();
    return () => {
      off();
      offConnectivity();
      setPhone(null);
      setConnection('offline');
      void created.stop();
    };
  }, [api, credentials]);

  return { phone, connection };
}
