// Get Campaigns as a table with the parsed fields, the raw record in a drawer.
import { useCallback, useMemo } from 'react';
import type { CampaignView } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { useLanguage } from '../i18n';
import { DetailsDrawer } from './details-drawer';
import { fieldColumns, fieldRows, type FieldDef } from './field-cell';
import { directionText, formText, numberText, recordText, scheduleText, thresholdsText, trunkText, yesNoText } from './format-fields';
import { ListToolbar } from './list-toolbar';
import { RecordTable, type Column } from './record-table';
import type { Records } from './use-records';

interface Props {
  records: Records<CampaignView>;
  selected: string | null;
  onSelect: (name: string | null) => void;
}

/** Columns left out while the details panel is open beside the table. */
const SECONDARY_COLUMNS: ReadonlySet<string> = new Set(['thresholds', 'trunk', 'autoAnswer']);

export function useCampaignLoader(api: SoftphoneApi) {
  return useCallback(async () => {
    const result = await api.request('supervisor.campaigns', {});
    return result.ok ? { ok: true as const, value: result.value.campaigns } : result;
  }, [api]);
}

export function CampaignsView({ records, selected, onSelect }: Props) {
  const { t, language } = useLanguage();
  const fields = useMemo(() => {
    const list: FieldDef<CampaignView>[] = [
      ['direction', t('sup.col.direction'), (c) => directionText(c.direction, t)],
      ['schedule', t('sup.col.schedule'), (c) => scheduleText(c.schedule, t, language)],
      ['thresholds', t('sup.col.thresholds'), (c) => thresholdsText(c.thresholds, t)],
      ['form', t('sup.col.form'), (c) => formText(c.form, t)],
      ['trunk', t('sup.col.trunk'), (c) => trunkText(c.dialstring, t)],
      ['number', t('sup.col.number'), (c) => numberText(c.dialstring, t)],
      ['did', t('sup.col.did'), (c) => recordText(c.record, 'did', t)],
      ['autoAnswer', t('sup.col.autoAnswer'), (c) => yesNoText(c.record, 'auto_answer', t)],
    ];
    return list;
  }, [t, language]);
  const columns = useMemo<Column<CampaignView>[]>(
    () => [
      { id: 'name', label: t('sup.col.name'), text: (c) => c.name, render: (c) => <strong>{c.name}</strong> },
      ...fieldColumns(fields, SECONDARY_COLUMNS),
    ],
    [fields, t],
  );
  const current = records.rows?.find((c) => c.name === selected) ?? null;
  const close = useCallback(() => onSelect(null), [onSelect]);

  return (
    <section className="sup-panel" aria-label={t('sup.tab.campaigns')}>
      <ListToolbar heading={t('sup.tab.campaigns')} loading={records.loading} error={records.error} onRefresh={records.refresh} />
      {records.rows === null ? (
        <p className="muted">{t('sup.loading')}</p>
      ) : (
        <div className={current ? 'table-with-drawer open' : 'table-with-drawer'}>
          <RecordTable label={t('sup.tab.campaigns')} rows={records.rows} rowKey={(c) => c.name} columns={columns} selected={selected} onSelect={onSelect} testId="campaigns-table" detailsOpen={current !== null} />
          {current && (
            <DetailsDrawer
              title={current.name}
              record={current.record}
              onClose={close}
              fields={fieldRows(fields, current)}
            />
          )}
        </div>
      )}
    </section>
  );
}
