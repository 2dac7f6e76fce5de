import type { ReactNode } from 'react';
import { useLanguage } from '../i18n';
import type { FieldText } from './format-fields';
import type { Column } from './record-table';

/** One parsed field of a record: column id, translated label, how to read it. */
export type FieldDef<Row> = readonly [id: string, label: string, get: (row: Row) => FieldText];

/** A parsed field's text; the raw text, flagged, when its format is not recognised. */
export function FieldCell({ field }: { field: FieldText }) {
  const { t } = useLanguage();
  if (!field.unknown) return <>{field.text}</>;
  return (
    <span className="field-unknown">
      <code>{field.text}</code> <small>({t('sup.unknownFormat')})</small>
    </span>
  );
}

/** The table columns of `fields`; those in `secondary` give way to the details panel. */
export function fieldColumns<Row>(fields: readonly FieldDef<Row>[], secondary: ReadonlySet<string>): Column<Row>[] {
  return fields.map(([id, label, get]) => ({
    id,
    label,
    text: (row: Row) => get(row).text,
    render: (row: Row) => <FieldCell field={get(row)} />,
    secondary: secondary.has(id),
  }));
}

/** The details panel's rows of `fields` for one record. */
export function fieldRows<Row>(fields: readonly FieldDef<Row>[], row: Row): { label: string; value: ReactNode }[] {
  return fields.map(([, label, get]) => ({ label, value: <FieldCell field={get(row)} /> }));
}
