// The workstation's state in the renderer, above both the sign-in screen and
// the signed-in shell: the latest phone link main delivered, the phone status
// reported back to main (tray, notifications, quit guard), and the settings
// view (for "dial immediately" and the locked fields).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import type { DialLinkResult } from '../../../common/dial-link-result';
import type { PhoneStatus, SettingsView } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { forwardRendererErrors } from './renderer-errors';
import { SIGNED_OUT_PHONE } from './phone-status';

export interface DialLinkDelivery {
  /** Increases with every link, so the same number twice is two requests. */
  readonly id: number;
  readonly result: DialLinkResult;
}

export interface WorkstationState {
  readonly api: SoftphoneApi;
  readonly settings: SettingsView;
  readonly link: DialLinkDelivery | null;
  dismissLink(id: number): void;
  readonly phoneStatus: PhoneStatus;
  readonly setPhoneStatus: Dispatch<SetStateAction<PhoneStatus>>;
}

const WorkstationContext = createContext<WorkstationState | null>(null);

export function WorkstationProvider({ api, settings, children }: { api: SoftphoneApi; settings: SettingsView; children: ReactNode }) {
  const [link, setLink] = useState<DialLinkDelivery | null>(null);
  const [phoneStatus, setPhoneStatus] = useState<PhoneStatus>(SIGNED_OUT_PHONE);

  useEffect(() => {
    let next = 0;
    const off = api.subscribe('workstation.dialLink', (result) => {
      next += 1;
      setLink({ id: next, result });
    });
    const stopErrors = forwardRendererErrors(api, window);
    return () => {
      off();
      stopErrors();
    };
  }, [api]);

  // Declared after the subscription: main takes the first report as "the page listens", then delivers held links.
  useEffect(() => {
    void api.request('workstation.phoneStatus', phoneStatus);
  }, [api, phoneStatus]);

  const dismissLink = useCallback((id: number) => setLink((current) => (current?.id === id ? null : current)), []);
  const value = useMemo<WorkstationState>(
    () => ({ api, settings, link, dismissLink, phoneStatus, setPhoneStatus }),
    [api, settings, link, dismissLink, phoneStatus],
  );
  return <WorkstationContext.Provider value={value}>{children}</WorkstationContext.Provider>;
}

export function useWorkstation(): WorkstationState {
  const state = useContext(WorkstationContext);
  if (!state) throw new Error('useWorkstation() needs a <WorkstationProvider> above it.');
  return state;
}

/** Whether the page cannot change a setting here though IT's policy leaves it open (the update feed; the form address in the browser host). */
export function useSettingFixed(key: string): boolean {
  return useContext(WorkstationContext)?.settings.fixed.includes(key) ?? false;
}

/** Whether IT's policy locked a setting; false outside a provider (nothing known yet). */
export function useSettingLocked(key: string): boolean {
  return useContext(WorkstationContext)?.settings.policy.locked.includes(key) ?? false;
}
