import { useId, type InputHTMLAttributes } from 'react';
import type { IpcError } from '../../../common/ipc-contract';
import { useLanguage } from '../i18n';
import { useErrorText } from '../error-text';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string;
  error?: IpcError | undefined;
}

/** A labelled input with its hint and the error that concerns it, both announced to screen readers. */
export function TextField({ label, value, onValue, hint, error, ...input }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} onChange={(e) => onValue(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && <p id={hintId} className="hint">{hint}</p>}
      {error && <FieldError id={errorId} error={error} />}
    </div>
  );
}

export function FieldError({ id, error }: { id?: string; error: IpcError }) {
  const { t } = useLanguage();
  const errorText = useErrorText();
  return (
    <div id={id} className="field-error" role="alert" data-testid={`error-${error.field ?? 'form'}`}>
      <strong>{t(`error.${error.code}`)}</strong>
      {error.code !== 'wrong-credentials' && <span className="error-detail"> {errorText(error)}</span>}
    </div>
  );
}
