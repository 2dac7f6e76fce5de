// A searchable, sortable table of platform records. Rows stay mounted while
// the data is refreshed, so the scroll position and the selection survive.
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLanguage } from '../i18n';

export interface Column<Row> {
  id: string;
  label: string;
  /** What the column is searched and sorted by. */
  text: (row: Row) => string;
  render?: (row: Row) => ReactNode;
  /** Hidden while the details panel is open (the panel shows it), so the table fits beside it without scrolling sideways. */
  secondary?: boolean;
}

interface Props<Row> {
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly Column<Row>[];
  selected: string | null;
  onSelect: (key: string) => void;
  testId: string;
  /** The details panel is open beside the table: secondary columns are hidden (still searched). */
  detailsOpen?: boolean;
}

interface Sort {
  column: string;
  ascending: boolean;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function RecordTable<Row>({ label, rows, rowKey, columns, selected, onSelect, testId, detailsOpen = false }: Props<Row>) {
  const { t } = useLanguage();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort>({ column: columns[0]?.id ?? '', ascending: true });

  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const matching = needle ? rows.filter((row) => columns.some((c) => c.text(row).toLowerCase().includes(needle))) : [...rows];
    const column = columns.find((c) => c.id === sort.column);
    if (column) matching.sort((a, b) => collator.compare(column.text(a), column.text(b)) * (sort.ascending ? 1 : -1));
    return matching;
  }, [rows, columns, query, sort]);

  const visible = detailsOpen ? columns.filter((c) => c.secondary !== true) : columns;
  const toggleSort = (column: string) =>
    setSort((s) => (s.column === column ? { column, ascending: !s.ascending } : { column, ascending: true }));
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, key: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(key);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const row = event.currentTarget;
      const next = (event.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling) as HTMLElement | null;
      next?.focus();
    }
  };

  return (
    <div className="record-table">
      <div className="table-tools">
        <label htmlFor={searchId}>{t('sup.search')}</label>
        <input id={searchId} type="search" value={query} placeholder={t('sup.search.placeholder')} onChange={(e) => setQuery(e.target.value)} />
        <span className="table-count" aria-live="polite">{t('sup.count', { shown: String(shown.length), total: String(rows.length) })}</span>
      </div>
      <div className="table-scroll" data-testid={`${testId}-scroll`}>
        <table data-testid={testId}>
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              {visible.map((column) => {
                const active = sort.column === column.id;
                return (
                  <th key={column.id} scope="col" aria-sort={active ? (sort.ascending ? 'ascending' : 'descending') : 'none'}>
                    <button type="button" className="sort-button" onClick={() => toggleSort(column.id)} title={t('sup.sortBy', { column: column.label })}>
                      {column.label}
                      <span aria-hidden="true" className="sort-mark">{active ? (sort.ascending ? '▲' : '▼') : '↕'}</span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => {
              const key = rowKey(row);
              const isSelected = key === selected;
              return (
                <tr
                  key={key}
                  tabIndex={0}
                  aria-current={isSelected ? true : undefined}
                  className={isSelected ? 'selected' : undefined}
                  data-key={key}
                  onClick={() => onSelect(key)}
                  onKeyDown={(e) => onRowKey(e, key)}
                >
                  {visible.map((column) => (
                    <td key={column.id}>{column.render ? column.render(row) : column.text(row)}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
        {shown.length === 0 && <p className="table-empty">{t('sup.empty')}</p>}
      </div>
    </div>
  );
}
