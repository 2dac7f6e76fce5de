// Where to transfer the live call: one field that filters the directory as the
// agent types (campaigns of this call, IT's entries, recent targets, or the
// extension or number typed), a list chosen with the arrow keys, and two ways
// to go: Enter transfers now (blind), Ctrl+Enter calls the target first
// (attended). A combobox over a listbox (WAI-ARIA 1.2): the focus stays in the
// field, the active option is announced. A ring stays answerable in it.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLanguage } from '../../i18n';
import { RingInDialog } from '../../shell/ring-in-dialog';
import { filterChoices, typedProblem, type ChoiceInputs, type TransferChoice } from './transfer-choices';

export type TransferMode = 'blind' | 'attended';

interface Props {
  inputs: ChoiceInputs;
  /** The choice is on its way to the phone: nothing more can be sent from here. */
  sending?: boolean;
  onChoose: (choice: TransferChoice, mode: TransferMode) => void;
  onClose: () => void;
}

export function TransferDialog({ inputs, sending = false, onChoose, onClose }: Props) {
  const { t } = useLanguage();
  const dialog = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const titleId = useId();
  const listId = useId();
  const hintId = useId();
  const problemId = useId();
  const choices = useMemo(() => filterChoices(inputs, query), [inputs, query]);
  const chosen = choices[Math.min(active, choices.length - 1)] ?? null;
  const problem = chosen ? null : typedProblem(inputs, query);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  useEffect(() => setActive(0), [query]);

  const go = (mode: TransferMode) => {
    if (chosen && !sending) onChoose(chosen, mode);
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (choices.length === 0 ? 0 : (index + step + choices.length) % choices.length));
    } else if (event.key === 'Enter' && !event.repeat) {
      event.preventDefault();
      go(event.ctrlKey || event.metaKey ? 'attended' : 'blind');
    }
  };
  const optionId = (choice: TransferChoice) => `${listId}-${choice.key.replace(/[^A-Za-z0-9_-]/gu, '_')}`;

  return (
    <dialog ref={dialog} className="dialog transfer-dialog" aria-labelledby={titleId} aria-busy={sending} onCancel={onClose} data-testid="transfer-dialog">
      <h2 id={titleId}>{t('transfer.title')}</h2>
      <RingInDialog />
      <label htmlFor={`${listId}-search`}>{t('transfer.search')}</label>
      <input
        id={`${listId}-search`} role="combobox" aria-expanded="true" aria-controls={listId} aria-autocomplete="list"
        aria-activedescendant={chosen ? optionId(chosen) : undefined} aria-describedby={`${hintId}${problem ? ` ${problemId}` : ''}`}
        value={query} maxLength={80} autoComplete="off" autoFocus onChange={(e) => setQuery(e.target.value)} onKeyDown={onKey} data-testid="transfer-search"
      />
      <p id={hintId} className="hint">{t('transfer.search.hint')}</p>
      <ul id={listId} role="listbox" aria-label={t('transfer.list')} className="transfer-list" data-testid="transfer-choices">
        {choices.map((choice, index) => (
          <li
            key={choice.key} id={optionId(choice)} role="option" aria-selected={choice === chosen} className="transfer-choice"
            data-source={choice.source} data-testid="transfer-choice"
            // The pointer picks it; the focus stays in the field, where the keys work.
            onMouseDown={(e) => e.preventDefault()} onClick={() => setActive(index)} onDoubleClick={() => !sending && onChoose(choice, 'blind')}
          >
            <span className="transfer-label">{choice.label}</span>
            {choice.detail && <span className="transfer-detail">{choice.detail}</span>}
            <span className="transfer-source">{t(`transfer.source.${choice.source}`)}</span>
          </li>
        ))}
      </ul>
      {choices.length === 0 && query.trim() !== '' && !problem && <p className="hint">{t('transfer.none')}</p>}
      {problem && query.trim() !== '' && <p id={problemId} className="field-error" role="alert" data-testid="transfer-problem">{t(`transfer.problem.${problem}`)}</p>}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>{t('transfer.cancel')}</button>
        <button type="button" className="button button-secondary" disabled={!chosen || sending} onClick={() => go('attended')} aria-keyshortcuts="Control+Enter" data-testid="transfer-consult">
          {t('transfer.consult')}
        </button>
        <button type="button" className="button button-primary" disabled={!chosen || sending} onClick={() => go('blind')} aria-keyshortcuts="Enter" data-testid="transfer-blind">
          {t('transfer.blind')}
        </button>
      </div>
    </dialog>
  );
}
