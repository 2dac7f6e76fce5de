// The help menu: "Copy diagnostics" puts main's diagnostics text (version,
// OS, settings without secrets, registration, last errors) on the clipboard.
// If the clipboard refuses, the text is shown to select by hand.
import { useEffect, useId, useRef, useState } from 'react';
import { useLanguage } from '../i18n';
import { useErrorText } from '../error-text';
import { useWorkstation } from './workstation-context';
import { saveDiagnosticsBundle, type BundleOutcome } from './save-bundle';
import { useOpenShiftCheck } from '../check/shift-check-context';

type Outcome = { kind: 'copied' } | { kind: 'failed'; cause: string; text: string | null } | null;

export function HelpMenu() {
  const { t, language } = useLanguage();
  const errorText = useErrorText();
  const { api } = useWorkstation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const [bundle, setBundle] = useState<BundleOutcome | null>(null);
  const openCheck = useOpenShiftCheck();
  const textId = useId();
  const menu = useRef<HTMLDetailsElement>(null);
  // A click or a focus elsewhere closes it, as a menu does.
  useEffect(() => {
    const closeIfOutside = (event: Event) => {
      const element = menu.current;
      if (element?.open && event.target instanceof Node && !element.contains(event.target)) element.open = false;
    };
    document.addEventListener('pointerdown', closeIfOutside);
    document.addEventListener('focusin', closeIfOutside);
    return () => {
      document.removeEventListener('pointerdown', closeIfOutside);
      document.removeEventListener('focusin', closeIfOutside);
    };
  }, []);

  async function copy() {
    setBusy(true);
    setOutcome(null);
    const reply = await api.request('workstation.diagnostics', {});
    if (!reply.ok) {
      setBusy(false);
      return setOutcome({ kind: 'failed', cause: errorText(reply.error), text: null });
    }
    try {
      await navigator.clipboard.writeText(reply.value.text);
      setOutcome({ kind: 'copied' });
    } catch (error) {
      setOutcome({ kind: 'failed', cause: error instanceof Error ? error.message : String(error), text: reply.value.text });
    }
    setBusy(false);
  }

  async function saveBundle() {
    setBusy(true);
    setBundle(null);
    setBundle(await saveDiagnosticsBundle(api, language));
    setBusy(false);
  }

  return (
    <details
      ref={menu}
      className="menu help-menu"
      onKeyDown={(event) => {
        // Escape closes the menu and gives focus back to its button, like a native menu.
        if (event.key !== 'Escape' || !event.currentTarget.open) return;
        event.currentTarget.open = false;
        event.currentTarget.querySelector('summary')?.focus();
      }}
    >
      <summary className="button button-secondary">{t('workstation.help.button')}</summary>
      <div className="menu-panel">
        <button type="button" className="button button-secondary" onClick={() => void copy()} disabled={busy} data-testid="copy-diagnostics">
          {t('workstation.help.copyDiagnostics')}
        </button>
        {outcome?.kind === 'copied' && <p role="status" className="hint">{t('workstation.help.copied')}</p>}
        {openCheck && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              if (menu.current) menu.current.open = false;
              openCheck();
            }}
            data-testid="open-shift-check"
          >
            {t('check.open')}
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={() => void saveBundle()} disabled={busy} data-testid="save-diagnostics-bundle">
          {t('workstation.help.saveBundle')}
        </button>
        {bundle?.kind === 'saved' && (
          <p role="status" className="hint" data-testid="bundle-saved">{t('workstation.help.bundleSaved', { size: String(Math.max(1, Math.round(bundle.bytes / 1024))), file: bundle.fileName })}</p>
        )}
        {bundle?.kind === 'failed' && <p role="alert" className="field-error">{t('workstation.help.bundleFailed', { cause: errorText(bundle.error) })}</p>}
        <p className="hint" data-testid="help-shortcuts">{t('shift.help.shortcuts')}</p>
        {outcome?.kind === 'failed' && (
          <>
            <p role="alert" className="field-error">{t('workstation.help.copyFailed', { cause: outcome.cause })}</p>
            {outcome.text !== null && (
              <textarea id={textId} readOnly rows={10} value={outcome.text} aria-label={t('workstation.help.copyDiagnostics')} onFocus={(e) => e.currentTarget.select()} />
            )}
          </>
        )}
      </div>
    </details>
  );
}
