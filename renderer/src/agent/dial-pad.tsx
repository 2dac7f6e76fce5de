// The dial field and pad with the campaign to call through (its DID is the
// caller id). Enter in the number field places the call.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { CallsSetup } from '../../../common/ipc-contract';
import { normalisePhoneNumber, phoneNumberProblemKey, PROBLEM_PARAMS } from '../../../common/phone-number';
import { useLanguage } from '../i18n';
import { Keypad } from './keypad';
import { useDialLinkPrefill } from '../workstation/use-dial-link-requests';

/** How long a call asked for before the campaigns are known waits for them; after that it is not placed. */
const QUEUED_CALL_WAIT_MS = 5_000;

interface Props {
  setup: CallsSetup | null;
  busy: boolean;
  placing: boolean;
  onCall: (campaign: string, number: string) => Promise<boolean>;
  /** A call placed from here that never rang: its number comes back to an empty field, ready to call again. */
  refill?: { number: string } | null;
}

export function DialPad({ setup, busy, placing, onCall, refill = null }: Props) {
  const { t } = useLanguage();
  const id = useId();
  const [campaign, setCampaign] = useState('');
  const [number, setNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** A call asked for (Enter) before the campaigns were known: placed when they come, if they come soon. */
  const [queued, setQueued] = useState<{ number: string; at: number } | null>(null);
  const campaigns = setup?.manualCampaigns ?? [];

  useEffect(() => {
    if (!campaign && setup?.lastCampaign) setCampaign(setup.lastCampaign);
  }, [campaign, setup]);

  const chosen = campaigns.find((c) => c.name === campaign);

  useEffect(() => {
    if (refill) setNumber((typed) => typed || refill.number);
  }, [refill]);

  useEffect(() => {
    if (!queued) return;
    if (!setup) {
      const timer = setTimeout(() => {
        setQueued(null);
        setProblem(t('calls.dial.campaignsLate'));
      }, Math.max(0, queued.at + QUEUED_CALL_WAIT_MS - Date.now()));
      return () => clearTimeout(timer);
    }
    setQueued(null);
    // A call rang and was taken meanwhile: the field says to finish it first; nothing is dialled over it.
    if (busy) return;
    // The campaign the field will show (its own effect sets it from lastCampaign in this same commit).
    const name = campaign || setup.lastCampaign || '';
    // None to call through: the field says so (no campaign has a number).
    if (!setup.manualCampaigns.some((c) => c.name === name)) return;
    void onCall(name, queued.number).then((placed) => placed && setNumber(''));
  }, [queued, setup, campaign, busy, onCall, t]);

  // tel:/callto:/sip: links: the number lands here; "dial immediately" also places the call.
  useDialLinkPrefill({
    prefill: (text) => {
      setProblem(null);
      setNumber(text);
    },
    dial: (text) => {
      if (!chosen || busy || placing) return false;
      void onCall(campaign, text).then((placed) => placed && setNumber(''));
      return true;
    },
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = normalisePhoneNumber(number);
    if (!parsed.ok) return setProblem(t(phoneNumberProblemKey(parsed.problem), PROBLEM_PARAMS));
    setProblem(null);
    // Campaigns not known yet (just signed in, main still asking the platform): the Enter is kept, not lost.
    if (!setup) return setQueued({ number, at: Date.now() });
    if (await onCall(campaign, number)) setNumber('');
  }

  return (
    <section className="card dial-pad" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('calls.dial.heading')}</h2>
      <form onSubmit={submit} noValidate data-testid="dial-form">
        <div className="field">
          <label htmlFor={`${id}-campaign`}>{t('calls.dial.campaign')}</label>
          {campaigns.length === 0 ? (
            <p className="hint" id={`${id}-campaign`}>{!setup ? '…' : setup.campaignsListed ? t('calls.dial.noCampaign') : t('calls.dial.campaignsUnlisted')}</p>
          ) : (
            <select id={`${id}-campaign`} name="campaign" value={campaign} onChange={(e) => setCampaign(e.target.value)} aria-describedby={`${id}-did`}>
              {campaigns.map((c) => (
                <option key={c.name} value={c.name}>{c.name}</option>
              ))}
            </select>
          )}
          {chosen && <p className="hint" id={`${id}-did`}>{t('calls.dial.campaign.hint', { did: chosen.did })}</p>}
        </div>
        <div className={`field${problem ? ' field-invalid' : ''}`}>
          <label htmlFor={`${id}-number`}>{t('calls.dial.number')}</label>
          <input
            id={`${id}-number`} name="number" type="tel" inputMode="tel" autoComplete="off" value={number}
            onChange={(e) => setNumber(e.target.value)} aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-number-hint${problem ? ` ${id}-number-error` : ''}`}
          />
          <p className="hint" id={`${id}-number-hint`}>{t('calls.dial.number.hint')}</p>
          {problem && <p className="field-error" role="alert" id={`${id}-number-error`}>{problem}</p>}
        </div>
        <Keypad label={t('calls.dial.keypad')} onKey={(key) => setNumber((n) => n + key)} testId="dial-keypad" />
        <div className="dial-actions">
          <button type="button" className="button button-secondary" onClick={() => setNumber((n) => n.slice(0, -1))} aria-label={t('calls.dial.delete')} disabled={number === ''}>
            ⌫
          </button>
          <button type="submit" className="button button-primary button-call" disabled={busy || placing || queued !== null || (setup !== null && !chosen)} data-testid="call-button">
            {placing || queued ? t('calls.dial.calling') : t('calls.dial.call')}
          </button>
        </div>
        {busy && <p className="hint">{t('calls.dial.busy')}</p>}
        {queued && <p className="hint" role="status" data-testid="call-waits-for-campaigns">{t('calls.dial.waitingCampaigns')}</p>}
      </form>
    </section>
  );
}
