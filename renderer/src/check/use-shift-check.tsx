// Where the shift-start check lives in the signed-in shell: opened from the
// Help menu, or by itself once after sign-in when IT's policy (or the
// setting) asks for it, as soon as the phone is registered.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { SessionView } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import type { Phone } from '../phone';
import { useWorkstation } from '../workstation/workstation-context';
import { ShiftCheckContext } from './shift-check-context';
import { ShiftCheckDialog } from './shift-check-dialog';

export function ShiftCheckHost({ api, session, phone, children }: { api: SoftphoneApi; session: SessionView; phone: Phone | null; children: ReactNode }) {
  const atSignIn = useWorkstation().settings.settings.shiftCheckAtSignIn;
  const [open, setOpen] = useState<{ auto: boolean } | null>(null);
  const ranAtSignIn = useRef(false);
  const sip = session.state === 'signed-in' && session.agent ? session.sip : null;

  useEffect(() => {
    if (!phone || !atSignIn || ranAtSignIn.current) return undefined;
    const startIfRegistered = (): void => {
      if (ranAtSignIn.current || phone.registration.kind !== 'registered' || phone.call) return;
      ranAtSignIn.current = true;
      setOpen({ auto: true });
    };
    startIfRegistered();
    return phone.on('registration', startIfRegistered);
  }, [phone, atSignIn]);

  const openCheck = phone && sip ? () => setOpen({ auto: false }) : null;
  return (
    <ShiftCheckContext.Provider value={openCheck}>
      {children}
      {open && phone && sip && <ShiftCheckDialog api={api} phone={phone} sip={sip} autoStart={open.auto} onClose={() => setOpen(null)} />}
    </ShiftCheckContext.Provider>
  );
}
