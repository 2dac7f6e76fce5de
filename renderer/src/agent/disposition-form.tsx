// After every answered call: how it ended. L1 required (choices per campaign
// from settings, free text allowed), L2, L3, d1, d2, comment, tag and an
// optional callback (date-time and the dialer to reschedule to). Saving puts
// it in main's outbox; the agent can take the next call while it is sent.
import { useId, useRef, useState, type FormEvent } from 'react';
import type { CallsSetup, IpcError } from '../../../common/ipc-contract';
import { targetText } from '../../../common/domain/transfer-target';
import type { MessageKey } from '../../../common/i18n';
import type { SoftphoneApi } from '../bridge';
import { useErrorText } from '../error-text';
import { useLanguage } from '../i18n';
import { FieldError } from '../sign-in/text-field';
import { DateTimeField } from '../date-time-field';
import type { WrapUp } from './call-view';
import { choicesFor, dispositionRequest, EMPTY_FIELDS, type DispositionFields } from './disposition-values';
import { useDraftSaver } from './use-draft-saver';
import { AfterCallTimer } from './after-call-timer';
import { useFocusRescue } from './use-focus-rescue';

interface Props {
  api: SoftphoneApi;
  wrap: WrapUp;
  setup: CallsSetup | null;
  onDone: (key: string) => void;
  /** Called once the agent confirmed that this call gets no disposition. */
  onDiscard: (key: string) => void;
  /** Other finished calls still waiting after this one. */
  waitingAfter?: number;
  /** The form changed: main keeps it as the wrap-up's draft. */
  onDraft?: (key: string, draft: DispositionFields) => void;
}

export function DispositionForm({ api, wrap, setup, onDone, onDiscard, waitingAfter = 0, onDraft }: Props) {
  const { t, language } = useLanguage();
  const errorText = useErrorText();
  const id = useId();
  // What was typed before (another call, a reload, a restart), else the call's notes as the comment.
  const [fields, setFields] = useState<DispositionFields>(() => wrap.draft ?? EMPTY_FIELDS);
  const drafts = useDraftSaver((draft) => onDraft?.(wrap.key, draft));
  const firstField = useRef<HTMLInputElement>(null);
  // Also when another call ends behind this form (its Hang up button is gone): the form is next.
  useFocusRescue(firstField, `${wrap.key}:${waitingAfter}`);
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const choices = choicesFor(setup?.dispositionChoices, wrap.campaign);
  const set = (patch: Partial<DispositionFields>) => {
    setFields((f) => {
      const next = { ...f, ...patch };
      drafts.changed(next);
      return next;
    });
    // An error about a field goes away as soon as the agent changes that field.
    if (error?.field && error.field in patch) setError(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = dispositionRequest(wrap, fields);
    if (!check.ok) {
      const key: MessageKey = check.field === 'l1' ? 'calls.dispo.needL1' : check.field === 'callbackAt' ? 'calls.dispo.needDate' : 'calls.dispo.noGuid';
      return setError({ code: 'invalid-request', field: check.field, message: t(key) });
    }
    // The draft goes first (in order on the bridge), so no late save can bring the wrap-up back after it is sent.
    drafts.flush();
    setBusy(true);
    const reply = await api.request('calls.submitDisposition', check.request);
    setBusy(false);
    if (!reply.ok) return setError(reply.error);
    drafts.cancel();
    onDone(wrap.key);
  }

  const text = (name: 'l1' | 'l2' | 'l3' | 'd1' | 'd2' | 'tag', label: MessageKey, list: readonly string[] = [], hint?: MessageKey) => {
    const fieldError = error?.field === name ? error : undefined;
    return (
      <div className={`field${fieldError ? ' field-invalid' : ''}`}>
        <label htmlFor={`${id}-${name}`}>{t(label)}</label>
        <input
          ref={name === 'l1' ? firstField : undefined}
          id={`${id}-${name}`} name={name} value={fields[name]} onChange={(e) => set({ [name]: e.target.value })}
          list={list.length ? `${id}-${name}-list` : undefined} autoComplete="off" required={name === 'l1'}
          aria-invalid={fieldError ? true : undefined} aria-describedby={hint ? `${id}-${name}-hint` : undefined}
        />
        {list.length > 0 && (
          <datalist id={`${id}-${name}-list`}>
            {list.map((v) => <option key={v} value={v} />)}
          </datalist>
        )}
        {hint && <p className="hint" id={`${id}-${name}-hint`}>{t(hint)}</p>}
        {fieldError && <FieldError error={fieldError} />}
      </div>
    );
  };

  if (!wrap.guid) {
    return (
      <section className="card disposition" role="alert" data-testid="disposition-form">
        <p>{t('calls.dispo.noGuid')}</p>
        <button type="button" className="button button-secondary" onClick={() => onDone(wrap.key)} data-testid="disposition-dismiss">{t('calls.dispo.dismiss')}</button>
      </section>
    );
  }

  return (
    <section className="card disposition" aria-labelledby={`${id}-h`}>
      <form onSubmit={submit} onBlur={drafts.flush} noValidate data-testid="disposition-form" data-guid={wrap.guid}>
        <h2 id={`${id}-h`}>{t('calls.dispo.heading')}</h2>
        <p className="subtitle">{t('calls.dispo.about', { caller: wrap.caller, campaign: wrap.campaign })}</p>
        <AfterCallTimer endedAt={wrap.endedAt} expectedSeconds={setup?.wrapUpSeconds[wrap.campaign]} />
        {wrap.end === 'dropped-by-network' && (
          <p className="banner banner-warning" data-testid="dispo-dropped">
            {t('calls.dispo.dropped', { detail: wrap.endReason ? errorText({ message: wrap.endReason.key, say: wrap.endReason }) : '' })}
          </p>
        )}
        {wrap.transfer && (
          <p className="banner banner-info" data-testid="dispo-transferred">
            {t('wrapUp.transferred', { target: wrap.transfer.name || targetText(wrap.transfer.target), time: new Date(wrap.transfer.at).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' }) })}
          </p>
        )}
        {waitingAfter > 0 && (
          <p className="hint" data-testid="disposition-waiting">
            {waitingAfter === 1 ? t('calls.dispo.pendingOne') : t('calls.dispo.pending', { count: String(waitingAfter) })}
          </p>
        )}
        <div className="dispo-grid">
          {text('l1', 'calls.dispo.l1', choices.l1, 'calls.dispo.l1.hint')}
          {text('l2', 'calls.dispo.l2', choices.l2)}
          {text('l3', 'calls.dispo.l3', choices.l3)}
          {text('tag', 'calls.dispo.tag')}
          {text('d1', 'calls.dispo.d1')}
          {text('d2', 'calls.dispo.d2')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-comment`}>{t('calls.dispo.comment')}</label>
          <textarea
            id={`${id}-comment`} name="comment" rows={2} value={fields.comment} onChange={(e) => set({ comment: e.target.value })}
            // Enter saves from every other field; in the comment it starts a line, so Ctrl+Enter saves from here.
            onKeyDown={(e) => {
              if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey)) return;
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }}
            aria-describedby={`${id}-comment-hint`}
          />
          <p className="hint" id={`${id}-comment-hint`}>{t('calls.dispo.commentHint')}</p>
        </div>
        <div className="field field-check">
          <input id={`${id}-callback`} name="callback" type="checkbox" checked={fields.callback} onChange={(e) => set({ callback: e.target.checked })} />
          <label htmlFor={`${id}-callback`}>{t('calls.dispo.callback')}</label>
        </div>
        {fields.callback && (
          <div className="dispo-grid">
            <div className={`field${error?.field === 'callbackAt' ? ' field-invalid' : ''}`}>
              <label htmlFor={`${id}-at`}>{t('calls.dispo.callbackAt')}</label>
              <DateTimeField id={`${id}-at`} name="callbackAt" value={fields.callbackAt} onValue={(callbackAt) => set({ callbackAt })} />
              {error?.field === 'callbackAt' && <FieldError error={error} />}
            </div>
            <div className="field">
              <label htmlFor={`${id}-dialer`}>{t('calls.dispo.callbackDialer')}</label>
              <input id={`${id}-dialer`} name="callbackDialer" value={fields.callbackDialer} onChange={(e) => set({ callbackDialer: e.target.value })} list={`${id}-dialers`} autoComplete="off" aria-describedby={`${id}-dialer-hint`} />
              <datalist id={`${id}-dialers`}>
                {(setup?.dialers ?? []).map((d) => <option key={d} value={d} />)}
              </datalist>
              <p className="hint" id={`${id}-dialer-hint`}>{t('calls.dispo.callbackDialer.hint')}</p>
            </div>
          </div>
        )}
        {error && !['l1', 'callbackAt'].includes(error.field ?? '') && <FieldError error={error} />}
        {/* Save first: it is the usual way on (keyboard order too); discarding takes a confirmation. */}
        <div className="dispo-actions">
          <button type="submit" className="button button-primary" disabled={busy} data-testid="disposition-submit">
            {busy ? t('calls.dispo.saving') : t('calls.dispo.submit')}
          </button>
          {confirmingDiscard ? (
            <div role="group" aria-labelledby={`${id}-discard-q`} className="dispo-discard">
              <p id={`${id}-discard-q`}>{t('calls.dispo.discard.confirm')}</p>
              <button type="button" className="button button-secondary" onClick={() => setConfirmingDiscard(false)} autoFocus>
                {t('calls.dispo.discard.no')}
              </button>
              <button type="button" className="button button-danger" onClick={() => {
                drafts.cancel();
                onDiscard(wrap.key);
              }} data-testid="disposition-discard-confirm">
                {t('calls.dispo.discard.yes')}
              </button>
            </div>
          ) : (
            <button type="button" className="button button-secondary" onClick={() => setConfirmingDiscard(true)} disabled={busy} data-testid="disposition-discard">
              {t('calls.dispo.discard')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
