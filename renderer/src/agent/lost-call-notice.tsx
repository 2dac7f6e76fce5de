// A ringing call the phone ended because its INVITE's connection is gone (the
// platform restarted, or the connection to it was lost): the call bar just
// stops, so this line says why, in the agent's language, until the agent is
// on another call or dismisses it. The reason comes from the
// call's own ended state (phone/call/connection-loss.ts), never from a guess here.
import { useEffect, useState } from 'react';
import type { Say } from '../../../common/i18n/say';
import { useErrorText } from '../error-text';
import { useLanguage } from '../i18n';
import type { Phone } from '../phone';
import { viewOf } from './call-view';

interface LostCall {
  readonly caller: string;
  readonly reason: Say;
}

export function useLostCall(phone: Phone | null): [LostCall | null, () => void] {
  const [lost, setLost] = useState<LostCall | null>(null);
  useEffect(() => {
    if (!phone) return;
    return phone.on('call', ({ call, state }) => {
      if (state.kind === 'ended' && state.cause === 'connection-lost' && state.reason) setLost({ caller: viewOf(call, null, null).caller, reason: state.reason });
      // The agent is on another call: the notice has served (the missed calls keep the record).
      else if (state.kind === 'active') setLost(null);
    });
  }, [phone]);
  return [lost, () => setLost(null)];
}

export function LostCallNotice({ lost, onDismiss }: { lost: LostCall; onDismiss: () => void }) {
  const { t } = useLanguage();
  const errorText = useErrorText();
  return (
    <p className="banner banner-warning" role="status" data-testid="call-lost">
      {t('calls.lost', { caller: lost.caller || t('calls.panel.unknownCaller'), reason: errorText({ message: lost.reason.key, say: lost.reason }) })}{' '}
      <button type="button" className="button-link" onClick={onDismiss} data-testid="call-lost-dismiss">{t('calls.lost.dismiss')}</button>
    </p>
  );
}
