// The shift-start check's screen: a modal dialog that runs the automatic
// steps (shift-check.ts) and shows each as it comes — its verdict, what was
// found in plain words and, when it is not fine, what to tell IT — then the
// speaker and ringer test, which the agent answers. Stop ends it at once. A
// ringing call stays answerable from the dialog (RingInDialog) and stops the
// check. The report goes to main for the diagnostics bundle.
import { useEffect, useId, useRef, useState } from 'react';
import { CHECK_STEP_IDS, type CheckReport, type CheckStep, type SipCredentials } from '../../../common/ipc-contract';
import { speakIn } from '../../../common/i18n/dictionary';
import type { SoftphoneApi } from '../bridge';
import type { Phone } from '../phone';
import { startGeneratedRingtone } from '../phone/media/ringtone';
import { useLanguage } from '../i18n';
import { RingInDialog } from '../shell/ring-in-dialog';
import { useWorkstation } from '../workstation/workstation-context';
import { speakerStep } from './audio-verdicts';
import { runShiftCheck } from './shift-check';
import { checkWords } from './check-words';
import './check.css';

type Run = { kind: 'idle' } | { kind: 'running'; since: number } | { kind: 'done'; report: CheckReport };

export function ShiftCheckDialog({ api, phone, sip, autoStart, onClose }: { api: SoftphoneApi; phone: Phone; sip: SipCredentials; autoStart: boolean; onClose: () => void }) {
  const { t, dictionary } = useLanguage();
  const settings = useWorkstation().settings.settings;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [run, setRun] = useState<Run>({ kind: 'idle' });
  const [steps, setSteps] = useState<CheckStep[]>([]);
  const [speaker, setSpeaker] = useState<CheckStep | null>(null);
  const [now, setNow] = useState(Date.now());
  const cancel = useRef<AbortController | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      cancel.current?.abort();
      element?.close();
    };
  }, []);

  useEffect(() => {
    if (run.kind !== 'running') return undefined;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [run.kind]);

  const start = async (): Promise<void> => {
    const controller = new AbortController();
    cancel.current = controller;
    setSteps([]);
    setSpeaker(null);
    setRun({ kind: 'running', since: Date.now() });
    const words = checkWords();
    const report = await runShiftCheck(
      { api, phone, iceServers: sip.iceServers ?? [], echoExtension: settings.echoDestination, sipServer: sip.wsUrl, words: words.audio, iceTypeWord: words.iceType },
      controller.signal,
      (step) => setSteps((before) => [...before, step]),
    );
    setRun({ kind: 'done', report });
    void api.request('workstation.reportCheck', report);
  };

  useEffect(() => {
    if (autoStart) void start();
    // Started once, when the dialog opens by itself after sign-in.
  }, []);

  const answerSpeaker = (heard: boolean): void => {
    const step = speakerStep(heard);
    setSpeaker(step);
    if (run.kind === 'done') void api.request('workstation.reportCheck', { ...run.report, steps: [...run.report.steps.filter((s) => s.id !== 'speaker'), step] });
  };
  const playTest = (): void => {
    // The ringer first, then the call audio's output: each plays 1.5 s of the agent's own ringtone.
    const ringer = startGeneratedRingtone(settings.audioDevices.ringer?.id ?? null, 'ring', 1_500);
    setTimeout(() => startGeneratedRingtone(settings.audioDevices.speaker?.id ?? null, 'ring', 1_500), 1_700);
    void ringer;
  };

  const said = (step: CheckStep): string => speakIn(dictionary, step.say) ?? step.say.key;
  // In the check's own order, whichever step finished first.
  const shown = (speaker ? [...steps, speaker] : steps).toSorted((a, b) => CHECK_STEP_IDS.indexOf(a.id) - CHECK_STEP_IDS.indexOf(b.id));
  const worst = shown.some((s) => s.verdict === 'failed') ? 'failed' : shown.some((s) => s.verdict === 'warning') ? 'warning' : 'passed';
  return (
    <dialog ref={dialog} className="dialog shift-check" aria-labelledby={titleId} onCancel={(e) => { e.preventDefault(); cancel.current?.abort(); onClose(); }} data-testid="shift-check">
      <h2 id={titleId}>{t('check.title')}</h2>
      <RingInDialog />
      {run.kind === 'idle' && <p>{t('check.intro')}</p>}
      {run.kind === 'running' && <p role="status" data-testid="check-running">{t('check.running', { seconds: String(Math.round((now - run.since) / 1000)) })}</p>}
      {run.kind === 'done' && (
        <p role="status" className={`check-outcome check-${run.report.outcome === 'completed' ? worst : 'warning'}`} data-testid="check-outcome" data-outcome={run.report.outcome} data-verdict={worst}>
          {t(`check.outcome.${run.report.outcome}`, { seconds: String(Math.round(run.report.durationMs / 1000)) })}
          {run.report.outcome === 'completed' && ` ${t(`check.summary.${worst}`)}`}
        </p>
      )}
      <ol className="check-steps" aria-live="polite">
        {shown.map((step) => (
          <li key={step.id} className={`check-step check-${step.verdict}`} data-testid={`check-step-${step.id}`} data-verdict={step.verdict} data-figures={JSON.stringify(step.figures)}>
            <span className="check-verdict">{t(`check.verdict.${step.verdict}`)}</span>
            <strong>{t(`check.step.${step.id}`)}</strong>
            <p>{said(step)}</p>
            {step.tellIt && (
              <p className="check-tell-it"><strong>{t('check.tellIt')}</strong> {speakIn(dictionary, step.tellIt) ?? step.tellIt.key}</p>
            )}
          </li>
        ))}
      </ol>
      {run.kind === 'done' && run.report.outcome === 'completed' && !speaker && (
        <div className="check-speaker" data-testid="check-speaker">
          <p>{t('check.speaker.ask')}</p>
          <button type="button" className="button button-secondary" onClick={playTest} data-testid="check-speaker-play">{t('check.speaker.play')}</button>
          <button type="button" className="button button-secondary" onClick={() => answerSpeaker(true)} data-testid="check-speaker-heard">{t('check.speaker.heard')}</button>
          <button type="button" className="button button-secondary" onClick={() => answerSpeaker(false)} data-testid="check-speaker-not-heard">{t('check.speaker.notHeard')}</button>
        </div>
      )}
      <div className="dialog-actions">
        {run.kind === 'running' ? (
          <button type="button" className="button button-danger" onClick={() => cancel.current?.abort()} data-testid="check-cancel">{t('check.cancel')}</button>
        ) : (
          <button type="button" className="button button-primary" onClick={() => void start()} data-testid="check-start">{t(run.kind === 'idle' ? 'check.start' : 'check.again')}</button>
        )}
        <button type="button" className="button button-secondary" onClick={() => { cancel.current?.abort(); onClose(); }} data-testid="check-close">{t('check.close')}</button>
      </div>
    </dialog>
  );
}
