import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { AgentHome } from './agent/agent-home';
import type { Connectivity, IpcError, SessionView } from '../../common/ipc-contract';
import type { Language } from '../../common/i18n';
import type { SoftphoneApi } from './bridge';
import type { AppStateStore } from './app-state-store';
import { LanguageProvider, useLanguage } from './i18n';
import { useErrorText } from './error-text';
import { AppHeader } from './shell/app-header';
import { StaleTab } from './shell/stale-tab';
import { LanguageSwitch } from './shell/language-switch';
import { SignInScreen } from './sign-in/sign-in-screen';
import { usePhone, type PhoneRunner } from './shell/use-phone';
import { ShiftCheckHost } from './check/use-shift-check';
import { PhoneContext } from './shell/ring-in-dialog';
import { useRingerPreferences } from './audio/use-ringer-preferences';
import { useSessionRenewal } from './shell/use-session-renewal';
import { useAppState } from './use-app-state';
import { DialLinkNotice } from './workstation/dial-link-notice';
import { usePhoneCommands } from './workstation/use-phone-commands';
import { usePhoneStatusReport } from './workstation/use-phone-status-report';
import { WorkstationMenu } from './workstation/workstation-menu';
import { useWorkstation, WorkstationProvider } from './workstation/workstation-context';
import { useChosenAudioDevices } from './audio/use-chosen-audio-devices';
import { AudioDeviceStatusContext } from './audio/audio-device-status';
import { HeadsetContext } from './headset/headset-context';
import { useHeadset } from './headset/use-headset';
import { useMediaKeys } from './headset/use-media-keys';

// The supervisor console is a chunk of its own, loaded when an API user signs in: an agent's start does not parse it (issue 23).
const SupervisorArea = lazy(() => import('./supervisor/supervisor-area').then((module) => ({ default: module.SupervisorArea })));

export function App({ store, phoneRunner }: { store: AppStateStore; phoneRunner: PhoneRunner }) {
  const { connected } = store;
  const { state, lost, language, changeLanguage } = useAppState(store);

  if (lost === 'refused') return <StaleTab />;
  return (
    <LanguageProvider language={language}>
      <Title />
      {lost && <BridgeLost />}
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <StartupFailure error={state.error} />}
      {state.status === 'ready' && (
        <WorkstationProvider api={connected.api} settings={state.settings}>
          {state.session.state === 'signed-in' || state.session.state === 'signing-out' ? (
            <SignedInShell api={connected.api} phoneRunner={phoneRunner} session={state.session} connectivity={state.connectivity} bridgeLost={lost !== null} onLanguage={changeLanguage} />
          ) : (
            <div className="sign-in-page">
              <div className="sign-in-top">
                <WorkstationMenu />
                <LanguageSwitch onChange={changeLanguage} />
              </div>
              <DialLinkNotice signedIn={false} />
              <SignInScreen api={connected.api} view={state.settings} busy={state.session.state === 'signing-in'} />
            </div>
          )}
        </WorkstationProvider>
      )}
    </LanguageProvider>
  );
}

interface ShellProps {
  api: SoftphoneApi;
  phoneRunner: PhoneRunner;
  session: SessionView;
  connectivity: Connectivity;
  bridgeLost: boolean;
  onLanguage: (language: Language) => void;
}

function SignedInShell({ api, phoneRunner, session, connectivity, bridgeLost, onLanguage }: ShellProps) {
  const { t } = useLanguage();
  const { phone, connection, problem } = usePhone(phoneRunner);
  // The first frame holds the header only, and the agent's area (the largest part of the page to draw) is
  // drawn after it, while the phone (started outside React, phone-runner.ts) registers (issue 23).
  const [homeShown, setHomeShown] = useState(false);
  // A transition: React yields while it draws the area, so the phone's SIP answers are not kept waiting.
  useEffect(() => startTransition(() => setHomeShown(true)), []);
  const renewalProblem = useSessionRenewal(api);
  const workstationSettings = useWorkstation().settings.settings;
  const audioDeviceStatus = useChosenAudioDevices(api, phone, workstationSettings.audioDevices);
  useRingerPreferences(workstationSettings);
  const headset = useHeadset(api, phone, workstationSettings.headsetButtons);
  useMediaKeys(api, phone, workstationSettings.mediaKeys);
  usePhoneStatusReport(phone);
  usePhoneCommands(api, phone);
  return (
    <PhoneContext.Provider value={phone}>
    <AudioDeviceStatusContext.Provider value={audioDeviceStatus}>
    <HeadsetContext.Provider value={headset}>
    <ShiftCheckHost api={api} session={session} phone={phone}>
    <div className="shell">
      {/* With the app out of reach nothing is known to be connected: the header says so under the "Lost contact" banner. */}
      <AppHeader api={api} session={session} connectivity={bridgeLost ? { api: 'offline', detail: t('first.bridge.lostDetail') } : connectivity} phone={connection} onLanguage={onLanguage} />
      <DialLinkNotice signedIn />
      {/* Supervisor only (no agent): no dial pad or agent home, the supervisor area directly. */}
      {session.agent && homeShown && <AgentHome api={api} session={session} phone={phone} phoneProblem={problem} renewalProblem={renewalProblem} />}
      {session.apiUser && (
        <Suspense fallback={<Loading />}>
          <SupervisorArea api={api} session={session} />
        </Suspense>
      )}
    </div>
    </ShiftCheckHost>
    </HeadsetContext.Provider>
    </AudioDeviceStatusContext.Provider>
    </PhoneContext.Provider>
  );
}

function Title() {
  const { t } = useLanguage();
  useEffect(() => {
    document.title = t('app.title');
  }, [t]);
  return null;
}

function StartupFailure({ error }: { error: IpcError | null }) {
  const errorText = useErrorText();
  return <p role="alert" className="banner banner-error">{error === null ? '' : errorText(error)}</p>;
}

function Loading() {
  const { t } = useLanguage();
  return <p className="loading" aria-live="polite">{t('app.loading')}</p>;
}

function BridgeLost() {
  const { t } = useLanguage();
  return <p role="alert" className="banner banner-error">{t('bridge.lost')}</p>;
}
