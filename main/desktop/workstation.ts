// The workstation features composed around the main window (issue 6): start
// at login (and sign in by itself when started that way), the tray, incoming
// call notifications, global shortcuts, hide-to-tray and the quit guard. Each
// piece is its own unit-tested module; this wires them to the settings, the
// session, connectivity and the phone status the renderer reports. Electron
// objects come in as narrow ports, so a test drives it with fakes.
import type { Say } from '../../common/i18n/dictionary';
import { IpcFailure, type PhoneCommand, type PhoneStatus, type SessionView, type Settings, type SignInRequest } from '../../common/ipc-contract';
import type { ConnectivitySource } from '../ipc';
import type { Logger } from '../services/logging';
import type { Autostart } from './autostart';
import { AUTOSTART_SIGN_IN_BACKOFF, createAutoSignIn, type AutoSignIn, type Timers } from './autostart-sign-in';
import { createCallNotifier, type CallNotifierPorts } from './notifications';
import { createRingAttention, type AttentionWindow } from './ring-attention';
import { createShortcuts, type GlobalShortcutLike, type ShortcutAction } from './shortcuts';
import { createTrayController, type TrayPorts } from './tray';
import { guardQuit, hideToTrayOnClose, type HideableWindow, type QuitGuardApp } from './tray-lifecycle';
import { trayStateFor, type TrayInput, type TrayMenuAction } from './tray-state';
import type { QuitPrompt } from './tray-window-policy';

export interface WorkstationDeps<M> {
  readonly platform: NodeJS.Platform;
  readonly isPackaged: boolean;
  readonly argv: readonly string[];
  readonly autostart: Autostart;
  readonly settings: { get(): Settings; onChange(listener: (settings: Settings) => void): () => void };
  readonly session: {
    view(): SessionView;
    onChange(listener: (view: SessionView) => void): () => void;
    signIn(request: SignInRequest): Promise<unknown>;
    signOut(request: { message?: string }): Promise<unknown>;
  };
  readonly connectivity: ConnectivitySource;
  /** The sign-in "remember me" allows without a person (agent and a remembered password), or null. */
  rememberedSignIn(): SignInRequest | null;
  readonly app: QuitGuardApp;
  readonly window: HideableWindow;
  /** The taskbar/dock badge with the missed calls not dismissed yet (`app.setBadgeCount`, where the OS has one). */
  readonly badge?: (count: number) => void;
  /** The taskbar's attention while a call rings (the BrowserWindow). */
  readonly attention?: AttentionWindow;
  showWindow(): void;
  readonly tray: Omit<TrayPorts<M>, 'onAction'>;
  readonly notifications: Pick<CallNotifierPorts, 'isSupported' | 'create'> & { readonly iconPath?: string };
  readonly globalShortcut: GlobalShortcutLike;
  /** `dialog.showMessageBoxSync(window, prompt)`. */
  confirm(prompt: QuitPrompt): number;
  /** The shortcuts that could not be registered, as message keys (shown in the settings in the user's language). */
  onShortcutProblems?(problems: readonly Say[]): void;
  /** Pushes `workstation.command` to the renderer's phone. */
  sendCommand(command: PhoneCommand): void;
  readonly logger: Logger;
  readonly timers?: Timers;
}

export interface Workstation {
  readonly startedByAutostart: boolean;
  /** Every status the renderer reports (`workstation.phoneStatus`). */
  onPhoneStatus(status: PhoneStatus): void;
  /** The last status the renderer reported. */
  phoneStatus(): PhoneStatus;
  dispose(): void;
}

export function startWorkstation<M>(deps: WorkstationDeps<M>): Workstation {
  const { settings, session, logger } = deps;
  const startedByAutostart = deps.autostart.startedByAutostart(deps.argv);
  let phone: PhoneStatus = { registration: 'unregistered', call: null };
  let signInRetrying = false;
  const signedIn = () => session.view().state === 'signed-in';

  const trayInput = (): TrayInput => {
    const view = session.view();
    return {
      signedIn: view.state === 'signed-in',
      registration: phone.registration,
      call: phone.call,
      offline: signInRetrying || deps.connectivity.state === 'offline',
      language: settings.get().language,
      ...(view.agent ? { extension: view.agent.extension } : {}),
      ...(phone.missed ? { missed: phone.missed } : {}),
    };
  };

  const command = (kind: PhoneCommand['command']) => deps.sendCommand({ command: kind, callId: phone.call?.id ?? null });
  // Hanging up a call that still rings means rejecting it.
  const hangUpOrReject = () => command(phone.call?.state === 'ringing' ? 'reject' : 'hang-up');

  const onTrayAction = (action: TrayMenuAction) => {
    if (action === 'show') deps.showWindow();
    else if (action === 'answer') {
      deps.showWindow();
      command('answer');
    } else if (action === 'hang-up') hangUpOrReject();
    else if (action === 'sign-out') {
      void session.signOut({}).catch((error: unknown) => logger.warn('Sign-out from the tray failed', { error }));
    } else deps.app.quit();
  };
  const tray = createTrayController({ ...deps.tray, onAction: onTrayAction }, trayStateFor(trayInput()));
  const refreshTray = () => tray.update(trayStateFor(trayInput()));

  const notifier = createCallNotifier({
    isSupported: deps.notifications.isSupported,
    create: deps.notifications.create,
    context: () => ({
      platform: deps.platform,
      language: settings.get().language,
      ...(deps.notifications.iconPath ? { iconPath: deps.notifications.iconPath } : {}),
    }),
    onCommand: (order) => {
      if (order.command === 'show-call' || order.command === 'answer') deps.showWindow();
      deps.sendCommand(order);
    },
  });

  const attention = deps.attention ? createRingAttention(deps.attention) : null;
  const shortcuts = createShortcuts(deps.globalShortcut, (action: ShortcutAction) => (action === 'answer' ? command('answer') : hangUpOrReject()));
  const applyShortcuts = (current: Settings) => {
    const failed = shortcuts.apply(current).flatMap((outcome) => ('message' in outcome ? [outcome] : []));
    for (const { message } of failed) logger.warn(message);
    deps.onShortcutProblems?.(failed.map(({ say }) => say));
  };

  let autostartWanted: boolean | undefined;
  const applyAutostart = (current: Settings) => {
    const wanted = deps.isPackaged && current.autostart;
    if (wanted === autostartWanted) return;
    autostartWanted = wanted;
    void deps.autostart.apply(wanted).then((result) => !result.ok && logger.warn(result.message));
  };

  const guard = guardQuit(deps.app, { currentCall: () => phone.call, language: () => settings.get().language, confirm: deps.confirm });
  hideToTrayOnClose(deps.window, () => ({ closeToTray: settings.get().closeToTray, signedIn: signedIn() }), guard);

  let autoSignIn: AutoSignIn | undefined;
  const offs = [
    settings.onChange((current) => {
      applyAutostart(current);
      applyShortcuts(current);
      refreshTray();
    }),
    session.onChange((view) => {
      // Signed in by hand (or out): the login-time attempts have no more work.
      if (view.state === 'signed-in' || view.state === 'signing-in') {
        signInRetrying = false;
        if (view.state === 'signed-in') autoSignIn?.stop();
      }
      refreshTray();
    }),
    deps.connectivity.onChange(() => refreshTray()),
  ];
  applyAutostart(settings.get());
  applyShortcuts(settings.get());

  const remembered = startedByAutostart ? deps.rememberedSignIn() : null;
  if (remembered) {
    autoSignIn = createAutoSignIn({
      signIn: async () => void (await session.signIn(remembered)),
      isRetryable: (error) => error instanceof IpcFailure && (error.detail.code === 'instance-unreachable' || error.detail.code === 'tls-failure'),
      onNetworkBack: (listener) => deps.connectivity.onChange((change) => change.state === 'online' && listener()),
      onStatus: (status) => {
        signInRetrying = status.state === 'offline-retrying';
        if (status.state === 'gave-up') logger.warn('Signing in by itself after autostart gave up; the sign-in form shows why.', { error: status.error });
        refreshTray();
      },
      backoff: AUTOSTART_SIGN_IN_BACKOFF,
      maxAttempts: 600,
      ...(deps.timers ? { timers: deps.timers } : {}),
    });
    autoSignIn.start();
  }

  return {
    startedByAutostart,
    phoneStatus: () => phone,
    onPhoneStatus(status) {
      phone = status;
      notifier.update(status);
      deps.badge?.(signedIn() ? (status.missed ?? 0) : 0);
      attention?.update(status);
      refreshTray();
    },
    dispose() {
      autoSignIn?.stop();
      for (const off of offs) off();
      shortcuts.dispose();
      tray.destroy();
    },
  };
}
