// Click to dial, Electron side: register as the handler of tel:, callto: and
// sip: links and feed macOS `open-url` events to the router. The
// second-instance handler (single-instance glue) feeds `router.receiveArgv`.
import type { Event } from 'electron';
import { DIAL_LINK_SCHEMES, type DialLinkScheme } from '../../common/dial-link';
import type { DialLinkRouter } from './protocol-router';

export interface ProtocolClientApp {
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean;
}

export interface OpenUrlSource {
  on(event: 'open-url', listener: (event: Event, url: string) => void): unknown;
}

/**
 * Registers the schemes; returns those the OS refused. A development build
 * does not register (it must not take tel: links away from the developer's
 * machine); packaged builds are also declared in electron-builder.yml.
 */
export function registerDialLinkProtocols(app: ProtocolClientApp, isPackaged: boolean): DialLinkScheme[] {
  if (!isPackaged) return [];
  return DIAL_LINK_SCHEMES.filter((scheme) => !app.setAsDefaultProtocolClient(scheme));
}

/** macOS: links come as `open-url`, possibly before `ready`; register this early in main. */
export function listenForOpenUrl(app: OpenUrlSource, router: DialLinkRouter): void {
  app.on('open-url', (event, url) => {
    event.preventDefault();
    router.receive(url);
  });
}
