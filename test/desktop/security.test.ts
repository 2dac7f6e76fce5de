// Electron security glue against fakes of Session and WebContents.
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../common/content-security-policy';
import { applyContentSecurityPolicy, guardNavigation, isAllowedRequest, isOwnPageUrl, restrictPermissions, type RendererLocation } from '../../main/desktop/security';

const appLocation: RendererLocation = { kind: 'app', origin: 'app://renderer', indexUrl: 'app://renderer/index.html' };
const devLocation: RendererLocation = { kind: 'dev', origin: 'http://localhost:5173' };
const OWN = 'app://renderer/index.html';

describe('own page', () => {
  it.each([
    [OWN, appLocation, true],
    [`${OWN}#secret`, appLocation, true],
    ['app://renderer/assets/x.js', appLocation, true],
    ['file:///opt/app/resources/app.asar/out/renderer/index.html', appLocation, false],
    ['file:///etc/passwd', appLocation, false],
    ['app://evil/index.html', appLocation, false],
    ['app://renderer.evil/index.html', appLocation, false],
    ['app://renderer:81/index.html', appLocation, false],
    ['https://renderer/index.html', appLocation, false],
    ['https://evil.example/index.html', appLocation, false],
    ['http://localhost:5173/index.html', devLocation, true],
    ['http://localhost:5174/', devLocation, false],
    ['not a url', appLocation, false],
  ])('%s is ours: %s', (url, location, expected) => {
    expect(isOwnPageUrl(url, location as RendererLocation)).toBe(expected);
  });
});

describe('Content-Security-Policy header', () => {
  it('replaces any CSP of a response with ours and keeps the other headers', () => {
    let handler: ((details: { responseHeaders?: Record<string, string[]> }, callback: (r: { responseHeaders: Record<string, string[]> }) => void) => void) | undefined;
    const session = { webRequest: { onHeadersReceived: (h: typeof handler) => void (handler = h) } };
    applyContentSecurityPolicy(session as never);
    let answered: Record<string, string[]> = {};
    handler!({ responseHeaders: { 'content-security-policy': ["default-src *"], 'X-Other': ['1'] } }, (r) => (answered = r.responseHeaders));
    expect(answered).toEqual({ 'X-Other': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
  });
});

describe('permissions', () => {
  it.each([
    ['media', { requestingUrl: OWN, mediaTypes: ['audio'] }, true],
    ['media', { requestingUrl: OWN, mediaTypes: ['video'] }, false],
    ['media', { requestingUrl: OWN, mediaTypes: ['audio', 'video'] }, false],
    ['media', { requestingUrl: OWN, mediaTypes: [] }, false],
    ['media', { requestingUrl: 'https://evil.example/', mediaTypes: ['audio'] }, false],
    ['geolocation', { requestingUrl: OWN }, false],
    ['notifications', { requestingUrl: OWN }, true],
    ['notifications', { requestingUrl: 'https://evil.example/' }, false],
    ['openExternal', { requestingUrl: OWN }, false],
  ])('request %s %j → %s', (permission, details, expected) => {
    expect(isAllowedRequest(permission, details as never, appLocation)).toBe(expected);
  });

  it('installs request and check handlers that answer through the same rules', () => {
    const installed: { request?: (...a: unknown[]) => void; check?: (...a: unknown[]) => boolean } = {};
    restrictPermissions(
      {
        setPermissionRequestHandler: (h: never) => void (installed.request = h),
        setPermissionCheckHandler: (h: never) => void (installed.check = h),
      } as never,
      appLocation,
    );
    const answers: boolean[] = [];
    installed.request!(null, 'media', (ok: boolean) => answers.push(ok), { requestingUrl: OWN, mediaTypes: ['audio'] });
    installed.request!(null, 'clipboard-read', (ok: boolean) => answers.push(ok), { requestingUrl: OWN });
    installed.request!(null, 'notifications', (ok: boolean) => answers.push(ok), { requestingUrl: OWN });
    installed.request!(null, 'notifications', (ok: boolean) => answers.push(ok), { requestingUrl: 'https://evil.example/' });
    expect(answers).toEqual([true, false, true, false]);
    expect(installed.check!(null, 'notifications', 'app://renderer', { requestingUrl: OWN })).toBe(true);
    expect(installed.check!(null, 'notifications', 'https://evil.example', { requestingUrl: 'https://evil.example/' })).toBe(false);
    expect(installed.check!(null, 'media', 'app://renderer', { requestingUrl: OWN, mediaType: 'audio' })).toBe(true);
    expect(installed.check!(null, 'media', 'file://', { requestingUrl: 'file:///etc/x.html', mediaType: 'audio' })).toBe(false);
    expect(installed.check!(null, 'media', 'https://evil.example', { requestingUrl: 'https://evil.example/', mediaType: 'audio' })).toBe(false);
    expect(installed.check!(null, 'media', 'app://renderer', { requestingUrl: OWN, mediaType: 'video' })).toBe(false);
    expect(installed.check!(null, 'hid', 'app://renderer', { requestingUrl: OWN })).toBe(false);
  });
});

describe('navigation guard', () => {
  function fakeContents() {
    const listeners = new Map<string, (event: { preventDefault(): void }, url?: string) => void>();
    let openHandler: ((details: unknown) => { action: string }) | undefined;
    const contents = {
      on: (name: string, listener: (event: { preventDefault(): void }, url?: string) => void) => void listeners.set(name, listener),
      setWindowOpenHandler: (h: typeof openHandler) => void (openHandler = h),
    };
    const fire = (name: string, url?: string) => {
      let prevented = false;
      listeners.get(name)!({ preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    return { contents, fire, open: (url: string) => openHandler!({ url }) };
  }

  it('blocks navigation and redirects away from our page, webviews and every new window', () => {
    const fake = fakeContents();
    guardNavigation(fake.contents as never, appLocation);
    expect(fake.fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(fake.fire('will-navigate', OWN)).toBe(false);
    expect(fake.fire('will-redirect', 'file:///etc/passwd')).toBe(true);
    expect(fake.fire('will-attach-webview')).toBe(true);
    expect(fake.open('https://example.com/')).toEqual({ action: 'deny' });
    expect(fake.open(OWN)).toEqual({ action: 'deny' });
  });
});
