import type { IpcError } from '../../../common/ipc-contract';
import { useLanguage } from '../i18n';
import { FieldError } from '../sign-in/text-field';

/** Heading row of a record list: refresh button and the last error. */
export function ListToolbar({ heading, loading, error, onRefresh }: { heading: string; loading: boolean; error: IpcError | null; onRefresh: () => void }) {
  const { t } = useLanguage();
  return (
    <>
      <div className="list-toolbar">
        <h2>{heading}</h2>
        <button type="button" className="button button-secondary" onClick={onRefresh} disabled={loading} data-testid="refresh">
          {loading ? t('sup.refreshing') : t('sup.refresh')}
        </button>
      </div>
      {error && <FieldError error={error} />}
    </>
  );
}
