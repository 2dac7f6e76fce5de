// The calls UI's state and actions over the Phone and main's calls channels:
// setup (campaigns, auto-answer campaigns, disposition choices), Make Call
// announced to the phone so the platform's INVITE is answered by itself,
// controls with the API's Hang Up Call as the fallback, a call waiting beside
// the live one and a call on hold beside it, the wrap-ups (dispositions to
// record) and the outbox's "n waiting to send".
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallsSetup, LiveCallSnapshot, OutboxStatusView, PlacedCall } from '../../../common/ipc-contract';
import { normalisePhoneNumber } from '../../../common/phone-number';
import type { SoftphoneApi } from '../bridge';
import { MAKE_CALL_DEADLINE_MS, withReplyDeadline } from '../bridge/reply-deadline';
import { PhoneError, type Phone, type PhoneCall, type QualitySample } from '../phone';
import { callTransferOf, viewOf, wrapUpFromRecord, wrapUpOf, wrapUpRecordOf, type CallView, type WrapUp } from './call-view';
import type { CallsActions, CallsError, CallsState, NotPlacedBecause } from './calls-state';
import { useLiveCallReport } from './use-live-call-report';
import { chosenTransfer, rememberTransfer } from './transfer/transfer-log';
import { notifyIncomingCall } from './incoming-notification';
import { MAKE_CALL_RING_WAIT_MS, MakeCallRingWait } from './make-call-ring-wait';

export type { CallsActions, CallsState } from './calls-state';

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

interface CallViews {
  call: CallView | null;
  waiting: CallView | null;
  held: CallView | null;
}

const NO_CALLS: CallViews = { call: null, waiting: null, held: null };

/** Make Call refused before it is sent: the phone the platform would ring first is not registered. */
const PHONE_AWAY: CallsError = { code: 'internal', message: 'calls.dial.phoneAway', say: { key: 'calls.dial.phoneAway', params: {} }, refusal: true };

export function useCalls(api: SoftphoneApi, phone: Phone | null, notifyText: (caller: string, campaign: string) => { title: string; body: string }): [CallsState, CallsActions] {
  const [setup, setSetup] = useState<CallsSetup | null>(null);
  const [views, setViews] = useState<CallViews>(NO_CALLS);
  const [wrapUps, setWrapUps] = useState<WrapUp[]>([]);
  const [outbox, setOutbox] = useState<OutboxStatusView | null>(null);
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<CallsError | null>(null);
  const [notice, setNotice] = useState<CallsState['notice']>(null);
  /** A Make Call not made because the platform (its API) or her phone was away, until it is back or she acts. */
  const notPlaced = useRef<{ number: string; waitsFor: NotPlacedBecause } | null>(null);
  const placed = useRef<PlacedCall | null>(null);
  const [ringWait] = useState(() => new MakeCallRingWait());
  const fallbackHangUp = useRef<() => void>(() => undefined);
  fallbackHangUp.current = () => {
    void api.request('calls.hangUp', {}).then((reply) => {
      if (reply.ok) setNotice({ kind: 'fallback-hangup' });
      else {
        // Main's own text becomes the cause of ours; an error already wrapping a cause is left in English (one level only).
        const { say, ...rest } = reply.error;
        setError({
          ...rest,
          message: `The phone had lost its connection and the platform could not be asked to end the call either: ${reply.error.message}`,
          ...(say && !say.cause ? { say: { key: 'calls.err.fallbackHangUpFailed', params: {}, cause: { key: say.key, params: say.params } } } : {}),
        });
      }
    });
  };
  // Main keeps the wrap-up on disk at once, so a sign-out or a closed app does not lose it.
  const keepWrapUp = useRef<(wrap: WrapUp) => void>(() => undefined);
  keepWrapUp.current = (wrap) => {
    const record = wrapUpRecordOf(wrap);
    if (!record) return;
    void api.request('calls.keepWrapUp', record).then((reply) => {
      if (!reply.ok) setError(reply.error);
    });
  };
  const quality = useRef(new Map<string, QualitySample>());
  const answered = useRef(new Set<string>());
  const [notes, setNotesState] = useState<Record<string, string>>({});
  const notesRef = useRef(notes);
  notesRef.current = notes;
  const wrapUpsRef = useRef(wrapUps);
  wrapUpsRef.current = wrapUps;
  const notifyRef = useRef(notifyText);
  notifyRef.current = notifyText;
  // The Make Call this call answers: same GUID, or (no CTI object to tell) the one under way.
  const placedFor = useCallback((c: PhoneCall): PlacedCall | null => {
    const p = placed.current;
    return p && (c.info.cti ? c.info.cti.Guid === p.guid : true) ? p : null;
  }, []);
  useLiveCallReport(api, phone, notes, placedFor);
  // A call an earlier page had: answered (its end asks for a wrap-up), its notes, the Make Call it answers,
  // the transfer the agent chose for it (its wrap-up says where it went).
  const adopt = useCallback((s: LiveCallSnapshot) => {
    answered.current.add(s.id);
    if (s.notes) setNotesState((all) => ({ ...all, [s.id]: s.notes }));
    if (s.placed) placed.current = s.placed;
    if (s.chosenTransfer && phone) rememberTransfer(phone, s.id, s.chosenTransfer);
  }, [phone]);

  useEffect(() => {
    let live = true;
    let complete = false;
    const load = () =>
      void api.request('calls.setup', {}).then((r) => {
        if (!live) return;
        complete = r.ok && r.value.problem === null;
        if (r.ok) setSetup(r.value);
        else setError(r.error);
      });
    load();
    void api.request('calls.outboxStatus', {}).then((r) => live && r.ok && setOutbox(r.value));
    // Calls that ended before a sign-out, a restart or a crash still need their disposition: oldest first, before new ones.
    void api.request('calls.pendingWrapUps', {}).then((r) => {
      if (!live) return;
      if (!r.ok) return setError(r.error);
      const kept = r.value.map(wrapUpFromRecord);
      setWrapUps((list) => [...kept.filter((k) => !list.some((w) => w.guid === k.guid)), ...list]);
    });
    const offs = [
      api.subscribe('calls.outboxStatus', setOutbox),
      // Campaigns that could not be listed (platform unreachable at sign-in) are asked again once it is back.
      api.subscribe('connectivity.changed', (c) => {
        if (c.api !== 'online') return;
        if (!complete) load();
        // "The platform cannot be reached" is over once it is reached again: the banner goes with its cause.
        setError((shown) => (shown?.code === 'instance-unreachable' ? null : shown));
        // The call she placed meanwhile was not made: said as the banner goes, so a glance cannot miss it.
        const waiting = notPlaced.current;
        if (waiting?.waitsFor !== 'platform') return;
        notPlaced.current = null;
        setNotice({ kind: 'call-not-placed', ...waiting });
      }),
    ];
    return () => {
      live = false;
      for (const off of offs) off();
    };
  }, [api]);

  useEffect(() => {
    if (phone && setup) phone.setAutoAnswerCampaigns(setup.autoAnswerCampaigns);
  }, [phone, setup]);

  useEffect(() => {
    if (!phone) return;
    const view = (c: PhoneCall | null): CallView | null => (c ? viewOf(c, placedFor(c), quality.current.get(c.id) ?? null) : null);
    const refresh = (): void => setViews({ call: view(phone.call), waiting: view(phone.waitingCall), held: view(phone.heldCall) });
    const onCall = ({ call: c, state }: { call: PhoneCall; state: PhoneCall['state'] }): void => {
      if (state.kind === 'ringing' && !answered.current.has(c.id)) {
        if (c.direction === 'incoming') ringWait.offered();
        // The call she placed did ring after all: "it did not ring" is old news.
        setNotice((shown) => (shown?.kind === 'call-did-not-ring' ? null : shown));
        quality.current.delete(c.id);
        // A waiting call is never answered by itself, so it is announced even when it asked to be.
        if (!c.info.autoAnswer.answer || c.info.offeredWhileBusy) {
          const v = viewOf(c, null, null);
          const text = notifyRef.current(v.caller, v.campaign ?? '');
          notifyIncomingCall(text.title, text.body);
        }
      }
      if (state.kind === 'active' && !answered.current.has(c.id)) {
        answered.current.add(c.id);
        const p = placedFor(c);
        // A number typed with an extension: its digits go as DTMF once the call is up.
        if (p?.extension && p.guid === c.info.cti?.Guid) {
          const digits = p.extension;
          placed.current = { ...p, extension: null };
          setTimeout(() => c.state.kind === 'active' && c.sendDtmf(digits), 1_000);
        }
      }
      if (state.kind === 'ended') {
        const forCall = placedFor(c);
        // The agent hung up (panel, tray, shortcut) but the BYE could not go: the platform may still hold the call.
        if (state.cause === 'signalling-lost' && state.by === 'agent') fallbackHangUp.current();
        const transfer = callTransferOf(c, chosenTransfer(phone, c.id));
        const wrap = wrapUpOf(viewOf(c, forCall, quality.current.get(c.id) ?? null), answered.current.has(c.id), forCall?.destination ?? null, new Date(), notesRef.current[c.id] ?? '', transfer);
        answered.current.delete(c.id);
        setNotesState(({ [c.id]: _done, ...others }) => others);
        quality.current.delete(c.id);
        if (placed.current && placed.current.guid === (c.info.cti?.Guid ?? forCall?.guid)) placed.current = null;
        if (wrap) {
          setWrapUps((list) => [...list.filter((w) => w.key !== wrap.key), wrap]);
          keepWrapUp.current(wrap);
        }
      }
      refresh();
    };
    const offs = [
      phone.on('call', onCall),
      phone.on('mute', refresh),
      phone.on('media', refresh),
      phone.on('quality', ({ callId, sample }) => {
        quality.current.set(callId, sample);
        refresh();
      }),
      // Registered again: "your phone is not connected" goes with its cause, and the call it stopped is said once.
      phone.on('registration', (state) => {
        if (state.kind !== 'registered') return;
        setError((shown) => (shown?.say?.key === PHONE_AWAY.say?.key ? null : shown));
        const waiting = notPlaced.current;
        if (waiting?.waitsFor !== 'phone') return;
        notPlaced.current = null;
        setNotice({ kind: 'call-not-placed', ...waiting });
      }),
    ];
    // The phone runs from before the UI (phone-runner.ts): a call that rang or was answered before this
    // subscription is taken as if its event came now (announced, or counted as answered), then shown.
    for (const c of [phone.call, phone.waitingCall, phone.heldCall]) if (c && c.state.kind !== 'ended') onCall({ call: c, state: c.state });
    refresh();
    return () => {
      for (const off of offs) off();
      ringWait.stop();
      // The phone goes away (sign-out) before its answered calls reported the end: those calls need their disposition too.
      for (const c of [phone.call, phone.heldCall]) {
        if (c && answered.current.has(c.id) && c.state.kind !== 'ended') {
          const forCall = placedFor(c);
          const wrap = wrapUpOf(viewOf(c, forCall, quality.current.get(c.id) ?? null), true, forCall?.destination ?? null, new Date(), notesRef.current[c.id] ?? '');
          if (wrap) keepWrapUp.current(wrap);
        }
      }
      setViews(NO_CALLS);
    };
  }, [phone, placedFor, ringWait]);

  const run = useCallback((what: () => unknown) => {
    setError(null);
    notPlaced.current = null;
    // The next thing she does with a call makes "that call was not placed" old news.
    setNotice((shown) => (shown?.kind === 'call-not-placed' ? null : shown));
    // A control that fails (no call any more, a refused re-INVITE) says why beside the panel.
    Promise.resolve()
      .then(what)
      .catch((e: unknown) => setError({ code: 'internal', message: message(e), ...(e instanceof PhoneError ? { say: e.say, refusal: true } : {}) }));
  }, []);

  const makeCall = useCallback(
    async (campaign: string, number: string): Promise<boolean> => {
      if (!phone) return false;
      setError(null);
      setNotice(null);
      notPlaced.current = null;
      // The platform places a Make Call by ringing her phone first: unregistered, it fails there at once and says nothing.
      if (phone.registration.kind !== 'registered') {
        setError(PHONE_AWAY);
        notPlaced.current = { number, waitsFor: 'phone' };
        return false;
      }
      const normalised = normalisePhoneNumber(number);
      // Announce the call first: the platform's INVITE can arrive before Make Call's answer.
      const expected = normalised.ok ? phone.expectCall(normalised.value.number) : null;
      const sentAt = Date.now();
      setPlacing(true);
      const reply = await withReplyDeadline(api.request('calls.makeCall', { campaign, number }), 'calls.makeCall', MAKE_CALL_DEADLINE_MS);
      setPlacing(false);
      if (!reply.ok) {
        expected?.cancel();
        setError(reply.error);
        if (reply.error.code === 'instance-unreachable') notPlaced.current = { number, waitsFor: 'platform' };
        return false;
      }
      placed.current = reply.value;
      expected?.setGuid(reply.value.guid);
      ringWait.start(sentAt, () => {
        // Answered late, it would be a surprise: it rings instead. The registrar may have lost her phone.
        expected?.cancel();
        phone.registerAgain();
        setNotice({ kind: 'call-did-not-ring', number, seconds: MAKE_CALL_RING_WAIT_MS / 1000 });
      });
      const c = phone.call;
      if (c && c.info.cti?.Guid === reply.value.guid) setViews((v) => ({ ...v, call: viewOf(c, reply.value, quality.current.get(c.id) ?? null) }));
      return true;
    },
    [api, phone, ringWait],
  );

  const remoteLevel = useCallback(() => phone?.remoteLevel() ?? 0, [phone]);
  const localLevel = useCallback(() => phone?.localLevel() ?? 0, [phone]);
  const audioRoute = useCallback(() => phone?.audioRoute() ?? null, [phone]);

  const act = (what: (p: Phone) => unknown) => () => {
    if (phone) run(() => what(phone));
  };
  const actions: CallsActions = {
    makeCall,
    hangUp: act((p) => p.hangUp()),
    answer: act((p) => p.answer()),
    reject: act((p) => p.reject()),
    setMuted: (muted) => phone && run(() => phone.setMuted(muted)),
    hold: act((p) => p.hold()),
    resume: act((p) => p.resume()),
    sendDtmf: (tone) => phone && run(() => phone.sendDtmf(tone)),
    takeWaiting: (mode) => phone && run(() => phone.takeWaiting(mode)),
    rejectWaiting: act((p) => p.rejectWaiting()),
    swap: act((p) => p.swap()),
    hangUpHeld: act((p) => p.hangUpHeld()),
    finishWrapUp: (key) => setWrapUps((list) => list.filter((w) => w.key !== key)),
    setNotes: (callId, text) => setNotesState((all) => ({ ...all, [callId]: text.slice(0, 2000) })),
    saveDraft: (key, draft) => {
      const wrap = wrapUpsRef.current.find((w) => w.key === key);
      if (!wrap) return;
      const next = { ...wrap, draft };
      setWrapUps((list) => list.map((w) => (w.key === key ? next : w)));
      keepWrapUp.current(next);
    },
    discardWrapUp: (key) => {
      const guid = wrapUps.find((w) => w.key === key)?.guid;
      if (!guid) return setWrapUps((list) => list.filter((w) => w.key !== key));
      void api.request('calls.discardWrapUp', { guid }).then((reply) => {
        if (reply.ok) setWrapUps((list) => list.filter((w) => w.key !== key));
        else setError(reply.error);
      });
    },
    remoteLevel,
    localLevel,
    audioRoute,
    adopt,
  };

  return [{ setup, ...views, wrapUps, outbox, placing, error, notice, notes }, actions];
}
