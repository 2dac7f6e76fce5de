// What a phone link looks like when it is not dialled: a malformed link is
// shown with the reason (never dialled); a good one that arrives before
// sign-in waits, and says so, until the dial field can take it.
import { dialLinkProblemSaid, type DialLinkProblem } from '../../../common/dial-link-result';
import { useLanguage } from '../i18n';
import { useWorkstation } from './workstation-context';

export function DialLinkNotice({ signedIn }: { signedIn: boolean }) {
  const { t } = useLanguage();
  const { link, dismissLink } = useWorkstation();
  if (!link) return null;
  const { result } = link;
  if (result.kind === 'dial' && signedIn) return null;
  const invalid = result.kind === 'invalid';
  const problemText = (reason: DialLinkProblem): string => {
    const { key, params } = dialLinkProblemSaid(reason);
    return t(key, params);
  };
  return (
    <div className={`banner ${invalid ? 'banner-warning' : 'banner-info'} dial-link-notice`} role={invalid ? 'alert' : 'status'} data-testid="dial-link-notice">
      <p>
        {invalid
          ? t('workstation.dialLink.invalid', { raw: result.raw, message: problemText(result.reason) })
          : t('workstation.dialLink.signIn', { number: result.display })}
      </p>
      <button type="button" className="button button-secondary" onClick={() => dismissLink(link.id)}>
        {t('workstation.dialLink.dismiss')}
      </button>
    </div>
  );
}
