import { useLanguage } from '../i18n';
import type { FieldText } from './format-fields';

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
