// The header's workstation tools: the settings dialog and the help menu.
import { useState } from 'react';
import { useLanguage } from '../i18n';
import { HelpMenu } from './help-menu';
import { WorkstationSettingsDialog } from './workstation-settings-dialog';
import './workstation.css';

export function WorkstationMenu() {
  const { t } = useLanguage();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)} data-testid="open-workstation-settings">
        {t('workstation.settings.button')}
      </button>
      <HelpMenu />
      {open && <WorkstationSettingsDialog onClose={() => setOpen(false)} />}
    </>
  );
}
