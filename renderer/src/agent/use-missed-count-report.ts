// Tells main how many missed calls the agent has not dismissed (with the
// phone status it already reports), for the tray's tooltip and the taskbar
// badge: the trace stays outside the window too until the agent has seen them.
import { useEffect } from 'react';
import { useWorkstation } from '../workstation/workstation-context';

export function useMissedCountReport(count: number): void {
  const { setPhoneStatus } = useWorkstation();
  useEffect(() => {
    const missed = Math.min(count, 1000);
    setPhoneStatus((current) => (current.missed === missed ? current : { ...current, missed }));
  }, [count, setPhoneStatus]);
}
