// The UI, loaded by main.tsx as a chunk of its own once the bridge is on its
// way: React, the screens and the phone (sip.js).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import type { AppStateStore } from './app-state-store';

export function mount(root: HTMLElement, store: AppStateStore): void {
  createRoot(root).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}
