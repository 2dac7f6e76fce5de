// The selected record: its readable fields, then the raw record as JSON.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLanguage } from '../i18n';

interface Props {
  title: string;
  fields: readonly { label: string; value: ReactNode }[];
  record: Record<string, unknown>;
  children?: ReactNode;
  onClose: () => void;
}

export function DetailsDrawer({ title, fields, record, children, onClose }: Props) {
  const { t } = useLanguage();
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && ref.current?.contains(document.activeElement)) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <aside className="drawer" aria-labelledby={headingId} ref={ref} data-testid="details-drawer">
      <div className="drawer-head">
        <h3 id={headingId}>{title}</h3>
        <button type="button" className="button button-secondary" onClick={onClose}>{t('sup.close')}</button>
      </div>
      <dl className="details">
        {fields.map((field) => (
          <div key={field.label}>
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
      </dl>
      {children}
      <details className="raw-record" open>
        <summary>{t('sup.raw')}</summary>
        <pre data-testid="raw-record">{JSON.stringify(record, null, 2)}</pre>
      </details>
    </aside>
  );
}

/** A small table inside the drawer (variables, phones by hour, recycle rules). */
export function SmallTable({ caption, head, rows, testId }: { caption: string; head: readonly string[]; rows: readonly (readonly string[])[]; testId: string }) {
  return (
    <table className="small-table" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>{head.map((h) => <th key={h} scope="col">{h}</th>)}</tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>{row.map((cell, j) => <td key={j}>{cell}</td>)}</tr>
        ))}
      </tbody>
    </table>
  );
}
