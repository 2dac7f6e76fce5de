// Get Dialers as a table; the drawer shows variables, phones by hour and
// recycle rules as small tables, then the raw record.
import { useCallback, useMemo, type ReactNode } from 'react';
import type { DialerView } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { useLanguage, type Translate } from '../i18n';
import { DetailsDrawer, SmallTable } from './details-drawer';
import { fieldColumns, fieldRows, type FieldDef } from './field-cell';
import { numberText, recordText, scheduleText, trunkText, yesNoText } from './format-fields';
import { ListToolbar } from './list-toolbar';
import { RecordTable, type Column } from './record-table';
import type { Records } from './use-records';

interface Props {
  records: Records<DialerView>;
  selected: string | null;
  onSelect: (campaign: string | null) => void;
}

/** Columns left out while the details panel is open beside the table. */
const SECONDARY_COLUMNS: ReadonlySet<string> = new Set(['trunk', 'channels', 'retries', 'autoAnswer']);

export function useDialerLoader(api: SoftphoneApi) {
  return useCallback(async () => {
    const result = await api.request('supervisor.dialers', {});
    return result.ok ? { ok: true as const, value: result.value.dialers } : result;
  }, [api]);
}

export function DialersView({ records, selected, onSelect }: Props) {
  const { t, language } = useLanguage();
  const fields = useMemo(() => {
    const list: FieldDef<DialerView>[] = [
      ['type', t('sup.col.type'), (d) => recordText(d.record, 'dialertype', t)],
      ['status', t('sup.col.status'), (d) => recordText(d.record, 'status', t)],
      ['schedule', t('sup.col.schedule'), (d) => scheduleText(d.schedule, t, language)],
      ['trunk', t('sup.col.trunk'), (d) => trunkText(d.dialstring, t)],
      ['number', t('sup.col.number'), (d) => numberText(d.dialstring, t)],
      ['callerid', t('sup.col.callerid'), (d) => recordText(d.record, 'callerid', t)],
      ['channels', t('sup.col.channels'), (d) => recordText(d.record, 'maxchannels', t)],
      ['retries', t('sup.col.retries'), (d) => recordText(d.record, 'retries', t)],
      ['autoAnswer', t('sup.col.autoAnswer'), (d) => yesNoText(d.record, 'autoanswer', t)],
    ];
    return list;
  }, [t, language]);
  const columns = useMemo<Column<DialerView>[]>(
    () => [
      { id: 'campaign', label: t('sup.col.campaign'), text: (d) => d.campaign, render: (d) => <strong>{d.campaign}</strong> },
      ...fieldColumns(fields, SECONDARY_COLUMNS),
    ],
    [fields, t],
  );
  const current = records.rows?.find((d) => d.campaign === selected) ?? null;
  const close = useCallback(() => onSelect(null), [onSelect]);

  return (
    <section className="sup-panel" aria-label={t('sup.tab.dialers')}>
      <ListToolbar heading={t('sup.tab.dialers')} loading={records.loading} error={records.error} onRefresh={records.refresh} />
      {records.rows === null ? (
        <p className="muted">{t('sup.loading')}</p>
      ) : (
        <div className={current ? 'table-with-drawer open' : 'table-with-drawer'}>
          <RecordTable label={t('sup.tab.dialers')} rows={records.rows} rowKey={(d) => d.campaign} columns={columns} selected={selected} onSelect={onSelect} testId="dialers-table" detailsOpen={current !== null} />
          {current && (
            <DetailsDrawer
              title={current.campaign}
              record={current.record}
              onClose={close}
              fields={fieldRows(fields, current)}
            >
              <DialerTables dialer={current} t={t} />
            </DetailsDrawer>
          )}
        </div>
      )}
    </section>
  );
}

function DialerTables({ dialer, t }: { dialer: DialerView; t: Translate }) {
  const recycle = recycleTable(dialer.recycle.parsed ?? []);
  return (
    <div className="drawer-tables">
      <FormattedTable field={dialer.variables} t={t}>
        {(vars) => <SmallTable caption={t('sup.variables')} testId="variables-table" head={[t('sup.col.key'), t('sup.col.value')]} rows={vars.map((v) => [v.key, v.value])} />}
      </FormattedTable>
      <FormattedTable field={dialer.schedulephones} t={t}>
        {(slots) => (
          <SmallTable caption={t('sup.schedulephones')} testId="schedulephones-table" head={[t('sup.col.hour'), t('sup.col.letters')]} rows={slots.map((s) => [`${String(s.hour).padStart(2, '0')}:00`, s.letters])} />
        )}
      </FormattedTable>
      <FormattedTable field={dialer.recycle} t={t}>
        {() => <SmallTable caption={t('sup.recycle')} testId="recycle-table" head={recycle.head} rows={recycle.rows} />}
      </FormattedTable>
    </div>
  );
}

/** Renders the parsed value; raw text flagged when unknown; nothing when empty. */
function FormattedTable<T>({ field, t, children }: { field: { raw: string; parsed: T | null; known: boolean }; t: Translate; children: (value: T) => ReactNode }) {
  if (field.parsed !== null) return <>{children(field.parsed)}</>;
  if (field.raw.trim() === '') return null;
  return <p><code>{field.raw}</code> <small>({t('sup.unknownFormat')})</small></p>;
}

/** Recycle rules: columns from the objects' keys; anything else one JSON cell per rule. */
export function recycleTable(items: readonly unknown[]): { head: string[]; rows: string[][] } {
  const objects = items.every((i) => typeof i === 'object' && i !== null && !Array.isArray(i));
  if (!objects || items.length === 0) return { head: ['#', 'JSON'], rows: items.map((item, i) => [String(i + 1), JSON.stringify(item)]) };
  const head = [...new Set(items.flatMap((i) => Object.keys(i as object)))];
  const cell = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));
  return { head, rows: items.map((i) => head.map((key) => cell((i as Record<string, unknown>)[key]))) };
}
