// The native notification for an incoming call: caller and campaign, with
// Answer/Reject buttons where Electron supports notification actions (macOS).
// Elsewhere a click on it focuses the call. Pure.
import type { NotificationConstructorOptions } from 'electron';
import type { PhoneCall } from '../../common/ipc/workstation';
import { asOneLine } from '../../common/untrusted-text';

export type NotificationLanguage = 'es' | 'en';
/** What each action button does, by its index in `options.actions`. */
export type CallNotificationAction = 'answer' | 'reject';

export interface CallNotification {
  readonly options: NotificationConstructorOptions;
  readonly actions: readonly CallNotificationAction[];
}

const TEXT = {
  en: { title: 'Incoming call', unknown: 'Unknown number', answer: 'Answer', reject: 'Reject', dismiss: 'Dismiss', campaign: 'Campaign' },
  es: { title: 'Llamada entrante', unknown: 'Número desconocido', answer: 'Contestar', reject: 'Rechazar', dismiss: 'Ocultar', campaign: 'Campaña' },
} as const;

export interface CallNotificationContext {
  readonly platform: NodeJS.Platform;
  readonly language: NotificationLanguage;
  /** Absolute path of the app icon (Linux and Windows show it). */
  readonly iconPath?: string;
}

export function incomingCallNotification(call: PhoneCall, context: CallNotificationContext): CallNotification {
  const t = TEXT[context.language];
  const caller = cleanText(call.caller) || t.unknown;
  const campaign = call.campaign ? campaignLabel(call.campaign) : '';
  const body = campaign ? `${caller}\n${t.campaign}: ${campaign}` : caller;
  const options: NotificationConstructorOptions = {
    title: t.title,
    body,
    silent: false,
    // The call rings until answered: keep the notification up meanwhile.
    timeoutType: 'never',
    urgency: 'critical',
    ...(context.iconPath ? { icon: context.iconPath } : {}),
  };
  if (context.platform !== 'darwin') return { options, actions: [] };
  return {
    options: {
      ...options,
      // macOS shows the first action as a button and the rest in its menu.
      actions: [
        { type: 'button', text: t.answer },
        { type: 'button', text: t.reject },
      ],
      // Closing only dismisses: clearing notifications must never reject a call.
      closeButtonText: t.dismiss,
    },
    actions: ['answer', 'reject'],
  };
}

/** `Soporte<-` → `Soporte`: the direction arrows are the platform's, not the agent's words. */
export function campaignLabel(campaign: string): string {
  return cleanText(campaign.replace(/\s*(?:->|<-)\s*$/u, ''));
}

/** Caller ids come from the network: one line without control or format characters (bidi overrides), bounded length. */
function cleanText(text: string): string {
  const clean = asOneLine(text);
  return clean.length > 64 ? `${clean.slice(0, 63)}…` : clean;
}
