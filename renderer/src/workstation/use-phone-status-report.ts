// Keeps main told about the phone: on every registration or call change the
// status goes to the workstation context, which reports it over the bridge.
import { useEffect } from 'react';
import type { Phone } from '../phone';
import { phoneStatusOf, samePhoneStatus, SIGNED_OUT_PHONE } from './phone-status';
import { useWorkstation } from './workstation-context';

export function usePhoneStatusReport(phone: Phone | null): void {
  const { setPhoneStatus } = useWorkstation();
  useEffect(() => {
    const report = () => setPhoneStatus((current) => {
      // The missed count is reported by the agent home (use-missed-calls); a phone event keeps it.
      const next = { ...phoneStatusOf(phone), ...(current.missed !== undefined ? { missed: current.missed } : {}) };
      return samePhoneStatus(current, next) ? current : next;
    });
    report();
    if (!phone) return;
    const offs = [phone.on('registration', report), phone.on('call', report), phone.on('cti', report)];
    return () => {
      for (const off of offs) off();
      setPhoneStatus(SIGNED_OUT_PHONE);
    };
  }, [phone, setPhoneStatus]);
}
