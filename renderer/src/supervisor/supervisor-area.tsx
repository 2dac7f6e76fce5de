// The supervisor area, shown when an API user is signed in: tabs for the
// record lists and the administrative forms. Lists and the agents created in
// this session live here, so switching tabs keeps them.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CreatedAgent, SessionView } from '../../../common/ipc-contract';
import type { MessageKey } from '../../../common/i18n';
import type { SoftphoneApi } from '../bridge';
import { useLanguage } from '../i18n';
import { AddMembersForm } from './add-members-form';
import { CampaignsView, useCampaignLoader } from './campaigns-view';
import { CreateAgentForm } from './create-agent-form';
import { DialerRecordForm } from './dialer-record-form';
import { DialersView, useDialerLoader } from './dialers-view';
import { UploadListForm } from './upload-list-form';
import { useRecords } from './use-records';
import './supervisor.css';

const TABS = ['campaigns', 'dialers', 'createAgent', 'members', 'upload', 'dialerRecord'] as const;
export type SupervisorTab = (typeof TABS)[number];
const TAB_LABEL: Record<SupervisorTab, MessageKey> = {
  campaigns: 'sup.tab.campaigns',
  dialers: 'sup.tab.dialers',
  createAgent: 'sup.tab.createAgent',
  members: 'sup.tab.members',
  upload: 'sup.tab.upload',
  dialerRecord: 'sup.tab.dialerRecord',
};

export function SupervisorArea({ api, session }: { api: SoftphoneApi; session: SessionView }) {
  const { t } = useLanguage();
  const [tab, setTab] = useState<SupervisorTab>('campaigns');
  const [filePicker, setFilePicker] = useState(false);
  const [created, setCreated] = useState<CreatedAgent[]>([]);
  const [selectedCampaign, setSelectedCampaign] = useState<string | null>(null);
  const [selectedDialer, setSelectedDialer] = useState<string | null>(null);
  const campaigns = useRecords(useCampaignLoader(api));
  const dialers = useRecords(useDialerLoader(api));
  const tabRefs = useRef<Partial<Record<SupervisorTab, HTMLButtonElement | null>>>({});

  useEffect(() => {
    void api.request('supervisor.info', {}).then((info) => info.ok && setFilePicker(info.value.filePicker));
  }, [api]);

  const onCreated = useCallback((agent: CreatedAgent) => setCreated((list) => [...list.filter((a) => a.phoneNumber !== agent.phoneNumber), agent]), []);
  const onTabKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (event.key !== 'Home' && event.key !== 'End' && step === 0) return;
    event.preventDefault();
    const index = TABS.indexOf(tab);
    const next = event.key === 'Home' ? TABS[0] : event.key === 'End' ? TABS[TABS.length - 1] : TABS[(index + step + TABS.length) % TABS.length];
    if (!next) return;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  const campaignNames = (campaigns.rows ?? []).map((c) => c.name);
  const dialerNames = (dialers.rows ?? []).map((d) => d.campaign);
  return (
    <section className="supervisor" id="supervisor" aria-labelledby="supervisor-heading" data-testid="supervisor-area">
      <div className="supervisor-head">
        <h1 id="supervisor-heading">{t('sup.heading')}</h1>
        <p className="muted">{t('sup.signedInAs', { apiUser: session.apiUser ?? '' })}</p>
      </div>
      <div role="tablist" aria-label={t('sup.tabs')} className="tabs" onKeyDown={onTabKey}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`sup-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`sup-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="tab"
            data-tab={name}
            onClick={() => setTab(name)}
          >
            {t(TAB_LABEL[name])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`sup-panel-${tab}`} aria-labelledby={`sup-tab-${tab}`} className="tab-panel">
        {tab === 'campaigns' && <CampaignsView records={campaigns} selected={selectedCampaign} onSelect={setSelectedCampaign} />}
        {tab === 'dialers' && <DialersView records={dialers} selected={selectedDialer} onSelect={setSelectedDialer} />}
        {tab === 'createAgent' && <CreateAgentForm api={api} created={created} onCreated={onCreated} />}
        {tab === 'members' && <AddMembersForm api={api} created={created} campaigns={campaignNames} />}
        {tab === 'upload' && <UploadListForm api={api} filePicker={filePicker} campaigns={campaignNames} />}
        {tab === 'dialerRecord' && <DialerRecordForm api={api} campaigns={dialerNames.length > 0 ? dialerNames : campaignNames} />}
      </div>
    </section>
  );
}
