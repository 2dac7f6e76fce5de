import type { App, Event } from 'electron';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DialLinkResult } from '../../common/dial-link';
import { listenForOpenUrl, registerDialLinkProtocols, type OpenUrlSource, type ProtocolClientApp } from '../../main/desktop/protocol';
import { dialLinkFromArgv } from '../../main/desktop/protocol-argv';
import { createDialLinkRouter } from '../../main/desktop/protocol-router';

describe('dialLinkFromArgv: each OS shape', () => {
  it.each([
    // Windows, packaged: the link is passed as "%1".
    [['C:\\Program Files\\Agent Softphone\\Agent Softphone.exe', 'tel:+59899123456'], 'tel:+59899123456'],
    // Windows second-instance: Chromium appends and prepends flags.
    [['C:\\Agent Softphone.exe', '--allow-file-access-from-files', 'callto:099 123 456', '--original-process-start-time=13370'], 'callto:099 123 456'],
    // Windows, quotes left in place by an odd launcher.
    [['C:\\Agent Softphone.exe', '"tel:1001"'], 'tel:1001'],
    // Windows/Linux development: electron.exe, app path, then the link.
    [['C:\\dev\\electron.exe', 'C:\\dev\\app', 'sip:1001@pbx'], 'sip:1001@pbx'],
    // Linux .desktop `Exec=agent-softphone %U`.
    [['/opt/Agent Softphone/agent-softphone', '--no-sandbox', 'TEL:%2B1%20201%20555%200123'], 'TEL:%2B1%20201%20555%200123'],
    // Linux AppImage.
    [['/tmp/.mount_Agent/agent-softphone', '--autostart'], undefined],
    // First of several links wins.
    [['/usr/bin/x', 'tel:111', 'tel:222'], 'tel:111'],
    // The executable itself is never taken, nor other URLs.
    [['tel:1234'], undefined],
    [['/usr/bin/x', 'https://crm.example.com/?tel:123', 'mailto:x@y'], undefined],
    [['/usr/bin/x', '--flag=tel:123'], undefined],
    [[], undefined],
  ])('%j → %j', (argv, link) => {
    expect(dialLinkFromArgv(argv)).toBe(link);
  });
});

describe('createDialLinkRouter', () => {
  it('holds the latest link until the UI is ready, then delivers every link at once', () => {
    const delivered: DialLinkResult[] = [];
    const router = createDialLinkRouter((result) => delivered.push(result));
    router.receive('tel:111');
    router.receiveArgv(['/usr/bin/x', 'tel:222']);
    expect(delivered).toEqual([]);
    router.markReady();
    expect(delivered).toMatchObject([{ kind: 'dial', number: '222' }]);
    router.receive('callto:333');
    expect(delivered.map((r) => r.kind === 'dial' && r.number)).toEqual(['222', '333']);
    router.markNotReady();
    router.receive('tel:444');
    expect(delivered).toHaveLength(2);
    router.markReady();
    expect(delivered.at(-1)).toMatchObject({ number: '444' });
  });

  it('delivers an invalid link as invalid (shown, never dialled) and ignores argv without a link', () => {
    const delivered: DialLinkResult[] = [];
    const router = createDialLinkRouter((result) => delivered.push(result));
    router.markReady();
    expect(router.receiveArgv(['/usr/bin/x', '--autostart'])).toBeUndefined();
    expect(router.receiveArgv(['/usr/bin/x', 'tel:call-me'])).toMatchObject({ kind: 'invalid', reason: 'letters' });
    expect(delivered).toMatchObject([{ kind: 'invalid', raw: 'tel:call-me' }]);
  });

  it('gives the second-instance path and the raw-link path the same result', () => {
    const router = createDialLinkRouter(() => undefined);
    expect(router.receiveArgv(['C:\\a.exe', '--x', 'tel:+1 (201) 555-0123;ext=42'])).toEqual(router.receive('tel:+1 (201) 555-0123;ext=42'));
  });
});

describe('Electron glue', () => {
  it('is typed so the real app satisfies it', () => {
    expectTypeOf<App>().toExtend<ProtocolClientApp>();
    expectTypeOf<App>().toExtend<OpenUrlSource>();
  });

  it('registers tel, callto and sip in packaged builds, reports refusals, and never in development', () => {
    const asked: string[] = [];
    const app: ProtocolClientApp = {
      setAsDefaultProtocolClient(protocol) {
        asked.push(protocol);
        return protocol !== 'callto';
      },
    };
    expect(registerDialLinkProtocols(app, false)).toEqual([]);
    expect(asked).toEqual([]);
    expect(registerDialLinkProtocols(app, true)).toEqual(['callto']);
    expect(asked).toEqual(['tel', 'callto', 'sip']);
  });

  it('macOS open-url: prevents the default and routes the link', () => {
    let listener: ((event: Event, url: string) => void) | undefined;
    const app: OpenUrlSource = {
      on(_event, l) {
        listener = l;
        return app;
      },
    };
    const delivered: DialLinkResult[] = [];
    const router = createDialLinkRouter((r) => delivered.push(r));
    router.markReady();
    listenForOpenUrl(app, router);
    let prevented = false;
    const event: Event = {
      preventDefault: () => {
        prevented = true;
      },
      defaultPrevented: false,
    };
    listener!(event, 'tel:+59899123456');
    expect(prevented).toBe(true);
    expect(delivered).toMatchObject([{ kind: 'dial', number: '+59899123456', scheme: 'tel' }]);
  });
});
