// What the platform reports of a transfer under way (announced politely: the
// agent goes on talking or typing), and, once one failed or a consultation
// ended, why, in words (announced at once): the customer is back with the agent.
import { useErrorText } from '../../error-text';
import { useLanguage } from '../../i18n';
import type { TransferUi } from './use-transfer';

export function TransferStatus({ ui }: { ui: TransferUi }) {
  const { t } = useLanguage();
  const errorText = useErrorText();
  const { progress, said, problem } = ui;
  const words = problem ?? said;
  return (
    <>
      <p className="call-transfer-progress" role="status" data-testid="transfer-progress" data-stage={progress?.stage ?? ''}>
        {progress ? t(`transfer.progress.${progress.stage === 'requested' || progress.stage === 'trying' || progress.stage === 'ringing' ? progress.stage : 'trying'}`, { target: progress.target }) : ''}
      </p>
      {words && (
        <p className={`banner ${problem ? 'banner-warning' : 'banner-info'}`} role="alert" data-testid="transfer-said">
          {errorText({ message: words.key, say: words })}
        </p>
      )}
    </>
  );
}
