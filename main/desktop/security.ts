// Electron security glue, typed against Electron's own types and written
// against the few methods it uses, so unit tests pass fakes:
// - the page is ours only at its exact origin: app://renderer (or the dev server's);
// - a strict Content-Security-Policy header on every response;
// - permission requests: microphone (audio media) and notifications from our own page only;
// - navigation, redirects, new windows and <webview> all denied.
import type { Event, HandlerDetails, PermissionCheckHandlerHandlerDetails, PermissionRequest, Session, WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../../common/content-security-policy';

/** Where our page comes from: the built files on the app:// scheme, or electron-vite's dev server. */
export type RendererLocation = { kind: 'app'; origin: string; indexUrl: string } | { kind: 'dev'; origin: string };

/**
 * `scheme://host[:port]` of a URL, or null. WHATWG URL gives a non-special scheme such as app:
 * the origin "null", so the origin is built from its parts; a URL without a host (file:, data:,
 * about:) has none and is never ours.
 */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.host ? `${parsed.protocol}//${parsed.host}` : null;
  } catch {
    return null;
  }
}

export function isOwnPageUrl(url: string, location: RendererLocation): boolean {
  return originOf(url) === location.origin;
}

type HeadersSession = { webRequest: Pick<Session['webRequest'], 'onHeadersReceived'> };

/** Adds the CSP header to every response the window's session receives (the meta tag repeats it). */
export function applyContentSecurityPolicy(session: HeadersSession): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    const others = Object.entries(details.responseHeaders ?? {}).filter(([name]) => name.toLowerCase() !== 'content-security-policy');
    callback({ responseHeaders: { ...Object.fromEntries(others), 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
}

type PermissionSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;
type RequestDetails = PermissionRequest & { mediaTypes?: ('video' | 'audio')[] };

/**
 * Microphone for calls and notifications (a missed call), from our own page; HID (a headset's buttons,
 * headset-permissions.ts) from our own page while `headsets()` says they are on; everything else refused.
 */
export function restrictPermissions(session: PermissionSession, location: RendererLocation, headsets: () => boolean = () => false): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isAllowedRequest(permission, details as RequestDetails, location));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details: PermissionCheckHandlerHandlerDetails) => {
    if (permission === 'notifications') return isOwnPageUrl(details.requestingUrl ?? requestingOrigin, location) || isOwnOrigin(requestingOrigin, location);
    if (permission === 'hid') return headsets() && (isOwnPageUrl(details.requestingUrl ?? requestingOrigin, location) || isOwnOrigin(requestingOrigin, location));
    if (permission !== 'media') return false;
    if (details.mediaType !== undefined && details.mediaType !== 'audio') return false;
    return isOwnPageUrl(details.requestingUrl ?? requestingOrigin, location) || isOwnOrigin(requestingOrigin, location);
  });
}

export function isAllowedRequest(permission: string, details: RequestDetails, location: RendererLocation): boolean {
  if (permission === 'notifications') return isOwnPageUrl(details.requestingUrl, location);
  if (permission !== 'media') return false;
  const types = details.mediaTypes ?? [];
  if (types.length === 0 || types.some((type) => type !== 'audio')) return false;
  return isOwnPageUrl(details.requestingUrl, location);
}

function isOwnOrigin(origin: string, location: RendererLocation): boolean {
  return origin === location.origin;
}

type GuardedContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/** No navigation away from our page, no redirects elsewhere, no new windows, no webviews. */
export function guardNavigation(contents: GuardedContents, location: RendererLocation): void {
  const refuseForeign = (event: Event, url: string) => {
    if (!isOwnPageUrl(url, location)) event.preventDefault();
  };
  contents.on('will-navigate', (event, url) => refuseForeign(event, url));
  contents.on('will-redirect', (event, url) => refuseForeign(event, url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler((_details: HandlerDetails) => ({ action: 'deny' }));
}
