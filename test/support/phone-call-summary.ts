// In-page helper for entries that drive the app's own Phone: the current call
// as plain data a test can read through page.evaluate.
import type { Phone } from '../../renderer/src/phone';

export interface PhoneCallSummary {
  state: string;
  cause?: string;
  by?: string;
  autoAnswer: boolean;
  ctiGuid: string | null;
  remoteUser: string;
}

export function phoneCallSummary(phone: Phone | null): PhoneCallSummary | null {
  const call = phone?.call ?? null;
  const state = call?.state;
  if (!call || !state) return null;
  return {
    state: state.kind,
    ...(state.kind === 'ended' ? { cause: state.cause, by: state.by } : {}),
    autoAnswer: call.info.autoAnswer.answer,
    ctiGuid: call.info.cti?.Guid ?? null,
    remoteUser: call.info.remoteUser,
  };
}
