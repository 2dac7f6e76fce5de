// The UI, loaded by main.tsx as a chunk of its own once the bridge is on its
// way: React and the screens (the phone, sip.js, comes in a chunk of its own).
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import type { AppStateStore } from './app-state-store';
import type { PhoneRunner } from './shell/phone-runner';

export function mount(root: HTMLElement, store: AppStateStore, phoneRunner: PhoneRunner): void {
  const reactRoot = createRoot(root);
  // A transition: React yields every few milliseconds while it draws the first screen, so the phone's SIP
  // answers (it registers meanwhile) are not kept waiting behind it (issue 23).
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App store={store} phoneRunner={phoneRunner} />
      </StrictMode>,
    ),
  );
}
