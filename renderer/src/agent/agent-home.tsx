import { useRef } from 'react';
import type { Say } from '../../../common/i18n/say';
import type { IpcError, SessionView } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import type { Phone } from '../phone';
import { useErrorText } from '../error-text';
import { useLanguage } from '../i18n';
import { FieldError } from '../sign-in/text-field';
import { CallBar } from './call-bar';
import { CallPanel } from './call-panel';
import { LostCallNotice, useLostCall } from './lost-call-notice';
import { DialPad } from './dial-pad';
import { DispositionForm } from './disposition-form';
import { HeldCall } from './held-call';
import { MissedCallsCard } from './missed-calls';
import { OutboxBadge } from './outbox-badge';
import { ParkedDispositions } from './parked-dispositions';
import { useCalls } from './use-calls';
import { useCallTakeover } from './use-call-takeover';
import { TakeoverNotice } from './takeover-notice';
import { useMissedCalls } from './use-missed-calls';
import { useRecentCalls } from './use-recent-calls';
import { useMissedCountReport } from './use-missed-count-report';
import { RecentCallsCard } from './recent-calls';
import { MyCallbacksCard } from './my-callbacks';
import { WaitingCall } from './waiting-call';
import { useFocusAfterGone, useFocusRescue } from './use-focus-rescue';
import { ConsultationCard } from './transfer/consultation-card';
import { TransferDialog } from './transfer/transfer-dialog';
import { TransferStatus } from './transfer/transfer-status';
import { useTransfer } from './transfer/use-transfer';
import './agent.css';

interface AgentHomeProps {
  api: SoftphoneApi;
  session: SessionView;
  phone: Phone | null;
  phoneProblem: Say | null;
  /** Main could not sign the agent in again after the platform came back. */
  renewalProblem: IpcError | null;
}

/**
 * The signed-in agent's area: the current call (or the dial pad), a call
 * waiting or on hold beside it, the dispositions still to record, the ones
 * the platform refused, the missed calls, and the outbox's "n waiting to send".
 */
export function AgentHome({ api, session, phone, phoneProblem, renewalProblem }: AgentHomeProps) {
  const { t } = useLanguage();
  const errorText = useErrorText();
  const [state, actions] = useCalls(api, phone, (caller, campaign) => ({
    title: t('calls.notify.title'),
    body: t('calls.notify.body', { caller: caller || t('calls.panel.unknownCaller'), campaign }),
  }));
  const missed = useMissedCalls(api, phone, (m) => ({
    title: t('recent.notify.title'),
    body: t('calls.missed.item', { time: new Date(m.offeredAt).toLocaleTimeString(), caller: m.caller || t('calls.panel.unknownCaller'), campaign: m.campaign ?? t('calls.missed.noCampaign'), reason: t(`calls.missed.reason.${m.reason}`) }),
  }));
  const recent = useRecentCalls(api, phone);
  const [lost, dismissLost] = useLostCall(phone);
  const [takeover, dismissTakeover] = useCallTakeover(api, phone, actions.adopt);
  const [transfer, transferActions] = useTransfer(phone, state.setup, state.call?.campaign ?? null);
  // During a consultation the panel is the call being talked to; the card says who waits and what can be done.
  const consulting = transfer.consultation !== null;
  useMissedCountReport(missed.missed.length);
  const agent = session.agent;
  const call = state.call && state.call.state.kind !== 'ended' ? state.call : null;
  const wrap = state.wrapUps[0];
  const ringing = call?.state.kind === 'ringing';
  const home = useRef<HTMLElement>(null);
  useFocusAfterGone(home, `${wrap?.key ?? ''} ${call?.id ?? ''}`);
  // Signed in, the sign-in form took the focus with it: the welcome heading has it, so the new screen is announced and Tab starts there.
  const welcome = useRef<HTMLHeadingElement>(null);
  useFocusRescue(welcome, null);
  return (
    <main ref={home} className={`agent-home${call || state.waiting ? ' has-call-bar' : ''}`} id="main">
      <div className="agent-top">
        <h1 ref={welcome} tabIndex={-1} data-focus-rest="">{t('signedIn.welcome', { name: agent?.fullname ?? '' })}</h1>
        {/* A missed call leaves a trace until the agent dismisses it. */}
        {missed.missed.length > 0 && (
          <a className="missed-badge" href="#missed-calls-title" data-testid="missed-badge">
            {missed.missed.length === 1 ? t('recent.unseenOne') : t('recent.unseen', { count: String(missed.missed.length) })}
          </a>
        )}
        <OutboxBadge status={state.outbox} />
      </div>
      {phoneProblem && <p className="banner banner-warning" role="alert" data-testid="phone-problem">{errorText({ message: phoneProblem.key, say: phoneProblem })}</p>}
      {renewalProblem && <p className="banner banner-warning" role="alert" data-testid="renewal-problem">{t('calls.renewal.failed', { error: errorText(renewalProblem) })}</p>}
      {state.setup && state.setup.problemsSaid.length > 0 && <p className="banner banner-warning" role="alert" data-testid="setup-problem">{t('calls.setupProblem', { problem: state.setup.problemsSaid.map((say) => errorText({ message: say.key, say })).join(' ') })}</p>}
      {state.error?.refusal ? (
        <p className="banner banner-warning" role="alert" data-testid="calls-refusal">{errorText(state.error)}</p>
      ) : state.error && <FieldError error={state.error} />}
      {missed.error && <FieldError error={missed.error} />}
      {lost && <LostCallNotice lost={lost} onDismiss={dismissLost} />}
      {takeover && <TakeoverNotice notice={takeover} onDismiss={dismissTakeover} />}
      {state.notice?.kind === 'fallback-hangup' && <p className="banner banner-info" role="status">{t('calls.hangUp.fallback')}</p>}
      {state.notice?.kind === 'call-not-placed' && (
        <p className="banner banner-info" role="status" data-testid="call-not-placed">
          {t(state.notice.waitsFor === 'phone' ? 'calls.dial.notPlacedPhone' : 'calls.dial.notPlaced', { number: state.notice.number })}
        </p>
      )}
      {state.notice?.kind === 'call-did-not-ring' && (
        <p className="banner banner-warning" role="alert" data-testid="call-did-not-ring">
          {t('calls.dial.didNotRing', { number: state.notice.number, seconds: String(state.notice.seconds) })}
        </p>
      )}
      <div className="agent-columns">
        <div className="agent-main">
          <TransferStatus ui={transfer} />
          <ConsultationCard ui={transfer} actions={transferActions} customer={[call, state.held].find((c) => c?.role === 'customer') ?? null} target={[call, state.held].find((c) => c?.role === 'consultation') ?? null} />
          {call && !ringing && (
            <CallPanel call={call} actions={actions} api={api} notes={state.notes[call.id] ?? ''} {...(consulting || transfer.progress ? {} : { onTransfer: transferActions.open })} />
          )}
          {state.held && !consulting && <HeldCall call={state.held} actions={actions} />}
          {transfer.dialogOpen && <TransferDialog inputs={transfer.inputs} sending={transfer.sending} onChoose={transferActions.choose} onClose={transferActions.close} />}
          {wrap && (
            <DispositionForm
              key={wrap.key} api={api} wrap={wrap} setup={state.setup} waitingAfter={state.wrapUps.length - 1}
              onDone={actions.finishWrapUp} onDiscard={actions.discardWrapUp} onDraft={actions.saveDraft}
            />
          )}
          {/* A call that rings comes below what the agent is working on; the call bar shows it in view. */}
          {call && ringing && <CallPanel call={call} actions={actions} api={api} />}
          {state.waiting && <WaitingCall call={state.waiting} actions={actions} />}
          <ParkedDispositions api={api} parkedCount={state.outbox?.parked ?? 0} />
          <MissedCallsCard state={missed} />
          <MyCallbacksCard api={api} changed={state.wrapUps.length} />
          <RecentCallsCard api={api} state={recent} setup={state.setup} busy={call !== null || state.placing} onCallBack={(campaign, number) => void actions.makeCall(campaign, number)} />
        </div>
        <DialPad setup={state.setup} busy={call !== null} placing={state.placing} onCall={actions.makeCall} refill={state.notice?.kind === 'call-did-not-ring' ? state.notice : null} />
      </div>
      <CallBar call={call} waiting={state.waiting} actions={actions} />
    </main>
  );
}
