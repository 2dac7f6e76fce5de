// Upload Base: choose a list (native dialog in Electron, a typed path in
// browser mode), see what main found in it, then upload with progress.
// The file's bytes never pass through this page; main reads and streams it.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { IpcError, ListCheck, UploadResult } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { useLanguage } from '../i18n';
import { FieldError, TextField } from '../sign-in/text-field';
import { delimiterText, sizeText } from './format-fields';
import { FormStatus } from './form-status';
import { useErrorText } from '../error-text';
import { unevenRowsSaid } from '../../../common/uneven-rows-said';

interface Props {
  api: SoftphoneApi;
  filePicker: boolean;
  campaigns: readonly string[];
}

export function UploadListForm({ api, filePicker, campaigns }: Props) {
  const { t, language } = useLanguage();
  const errorText = useErrorText();
  // A million rows read as 1.000.000 in Spanish, 1,000,000 in English.
  const count = (n: number): string => n.toLocaleString(language);
  const campaignId = useId();
  const [path, setPath] = useState('');
  const [check, setCheck] = useState<ListCheck | null>(null);
  const [campaign, setCampaign] = useState('');
  const [busy, setBusy] = useState<'check' | 'upload' | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [progress, setProgress] = useState<{ id: string; done: number; total: number } | null>(null);
  const [result, setResult] = useState<UploadResult | null>(null);

  useEffect(
    () => api.subscribe('supervisor.uploadProgress', (p) => setProgress((cur) => (cur && cur.id === p.uploadId ? { ...cur, done: p.bytesRead, total: p.totalBytes } : cur))),
    [api],
  );

  async function analyze(target: string) {
    setBusy('check');
    setResult(null);
    setCheck(null);
    // The last upload's bar belongs to the last file: a new one starts with none.
    setProgress(null);
    const reply = await api.request('supervisor.analyzeList', { path: target });
    setBusy(null);
    if (reply.ok) {
      setError(null);
      setCheck(reply.value);
    } else {
      setError(reply.error);
    }
  }

  async function choose() {
    const reply = await api.request('supervisor.pickListFile', {});
    if (!reply.ok) return setError(reply.error);
    if (reply.value.status !== 'picked') return;
    setPath(reply.value.path);
    await analyze(reply.value.path);
  }

  // A path typed anew: what is shown (analysis, upload button, last result) belonged to the file checked before.
  function typePath(typed: string) {
    setPath(typed);
    setCheck(null);
    setResult(null);
    setProgress(null);
  }

  async function upload(event: FormEvent) {
    event.preventDefault();
    // Enter in the path field before a check: check it (the hint says "press Check"; Enter did nothing).
    if (check === null && !filePicker && path.trim() !== '' && busy === null) return void analyze(path);
    if (check?.status !== 'text' || sentAlready) return;
    if (!campaign) return setError({ code: 'invalid-request', field: 'campaign', message: t('first.upload.pickCampaign') });
    const id = crypto.randomUUID();
    setBusy('upload');
    setResult(null);
    setProgress({ id, done: 0, total: check.analysis.bytes });
    const reply = await api.request('supervisor.uploadList', { path: check.analysis.path, campaign, uploadId: id });
    setBusy(null);
    if (reply.ok) {
      setError(null);
      setResult(reply.value);
      setProgress((p) => (p ? { ...p, done: p.total } : p));
    } else {
      setError(reply.error);
      setProgress(null);
    }
  }

  const analysis = check?.status === 'text' ? check.analysis : null;
  // This file went to this campaign just now: a second click (or Enter) must not put its records there twice.
  const sentAlready = result !== null && result.campaign === campaign;
  const uneven = analysis && unevenRowsSaid(analysis.unevenRows, count);
  return (
    <section className="sup-panel sup-form-panel" aria-labelledby="upload-heading">
      <form className="card sup-form sup-form-wide" onSubmit={upload} noValidate data-testid="upload-form">
        <h2 id="upload-heading">{t('sup.upload.heading')}</h2>
        <p className="hint">{t('sup.upload.intro')}</p>
        {filePicker ? (
          <div className="inline-row">
            <button type="button" className="button button-secondary" onClick={() => void choose()} disabled={busy !== null}>{t('sup.upload.choose')}</button>
            {path && <code className="path">{path}</code>}
          </div>
        ) : (
          <div className="inline-row inline-row-end">
            <TextField name="path" label={t('sup.upload.path')} hint={t('sup.upload.path.hint')} value={path} onValue={typePath} readOnly={busy !== null} autoComplete="off" spellCheck={false} error={error?.field === 'path' ? error : undefined} />
            <button type="button" className="button button-secondary" onClick={() => void analyze(path)} disabled={busy !== null || path.trim() === ''} data-testid="check-file">
              {busy === 'check' ? t('sup.upload.checking') : t('sup.upload.check')}
            </button>
          </div>
        )}
        {check?.status === 'binary' && (
          <div className="field-error" role="alert" data-testid="upload-binary">
            <strong>{t('sup.upload.binary')}</strong>
            <span className="error-detail"> {check.fileName}: {t(`sup.upload.binaryKind.${check.binary}`)}</span>
          </div>
        )}
        {analysis && (
          <>
            <dl className="details details-grid" data-testid="list-analysis">
              <div><dt>{t('sup.upload.file')}</dt><dd>{analysis.fileName}</dd></div>
              <div><dt>{t('sup.upload.encoding')}</dt><dd data-testid="list-encoding">{t(`sup.upload.enc.${analysis.encoding}`)}</dd></div>
              <div><dt>{t('sup.upload.delimiter')}</dt><dd>{delimiterText(analysis.delimiter, t)}</dd></div>
              <div><dt>{t('sup.upload.records')}</dt><dd data-testid="list-records">{count(analysis.records)}</dd></div>
              <div><dt>{t('sup.upload.header')}</dt><dd>{analysis.hasHeader ? t('sup.yes') : t('sup.no')}</dd></div>
              <div><dt>{t('sup.upload.size')}</dt><dd>{sizeText(analysis.bytes)}</dd></div>
            </dl>
            {uneven && <p className="banner banner-warning" role="status" data-testid="list-uneven-rows">{errorText({ message: uneven.key, say: uneven })}</p>}
            <div className="table-scroll preview">
              <table className="small-table" data-testid="list-preview">
                <caption>{t('sup.upload.preview')}</caption>
                <tbody>
                  {analysis.firstRows.map((row, i) => (
                    <tr key={i} className={i === 0 && analysis.hasHeader ? 'header-row' : undefined}>{row.map((cell, j) => <td key={j}>{cell}</td>)}</tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="field">
              <label htmlFor={campaignId}>{t('sup.upload.campaign')}</label>
              <select id={campaignId} name="campaign" value={campaign} onChange={(e) => setCampaign(e.target.value)} aria-invalid={error?.field === 'campaign' || undefined}>
                <option value="">—</option>
                {campaigns.map((c) => <option key={c} value={c}>{c}</option>)}
              </select>
              {error?.field === 'campaign' && <FieldError error={error} />}
            </div>
            {progress && (
              <div className="field">
                <label htmlFor={`${campaignId}-progress`}>{t('sup.upload.progress')}</label>
                <progress id={`${campaignId}-progress`} max={Math.max(progress.total, 1)} value={progress.done} data-testid="upload-progress" />
              </div>
            )}
            <button type="submit" className="button button-primary" disabled={busy !== null || sentAlready} aria-describedby={sentAlready ? `${campaignId}-sent` : undefined} data-testid="upload-submit">
              {busy === 'upload' ? t('sup.upload.uploading') : sentAlready ? t('sup.upload.sent', { campaign }) : t('sup.upload.submit', { records: count(analysis.records) })}
            </button>
            {sentAlready && <p className="hint" id={`${campaignId}-sent`}>{t('sup.upload.sentHint')}</p>}
          </>
        )}
        <FormStatus
          success={result && t('sup.upload.done', { fileName: result.fileName, campaign: result.campaign, cant: count(result.cant) })}
          error={error && error.field !== 'path' && error.field !== 'campaign' ? error : filePicker && error?.field === 'path' ? error : null}
          testId="upload"
        />
      </form>
    </section>
  );
}
