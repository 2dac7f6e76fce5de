// A date and time picker that says back what was picked, in the agent's words. Chromium draws
// <input type=datetime-local> in the computer's (or the browser's) locale, not the app's: on an English
// Windows a Spanish agent reads "mm/dd/yyyy" and may type 06/12 for the 6th of December. The line under
// it spells the moment out ("sábado, 6 de diciembre de 2026, 10:30"), and says when it has passed.
import { useId, type InputHTMLAttributes } from 'react';
import { useLanguage } from './i18n';
import { dateTimeSaid } from './local-date-time';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'id'> {
  id: string;
  value: string;
  onValue: (value: string) => void;
}

export function DateTimeField({ id, value, onValue, ...input }: Props) {
  const { t, language } = useLanguage();
  const saidId = useId();
  const said = dateTimeSaid(value, language);
  return (
    <>
      <input id={id} type="datetime-local" value={value} onChange={(e) => onValue(e.target.value)} aria-describedby={said ? saidId : undefined} {...input} />
      {said && (
        <p id={saidId} className={said.past ? 'hint hint-warning' : 'hint'} aria-live="polite" data-testid="date-time-said">
          {t(said.past ? 'dateTime.saidPast' : 'dateTime.said', { when: said.text })}
        </p>
      )}
    </>
  );
}
