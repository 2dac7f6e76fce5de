import type { Event, Notification, NotificationConstructorOptions } from 'electron';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PhoneCall, PhoneCommand, PhoneStatus } from '../../common/ipc/workstation';
import { createCallNotifier, type NotificationLike } from '../../main/desktop/notifications';
import { campaignLabel, incomingCallNotification } from '../../main/desktop/notifications-incoming-call';

const call: PhoneCall = { id: 'call-1', state: 'ringing', caller: '099123456', campaign: 'Soporte<-' };

describe('incomingCallNotification', () => {
  it('macOS: caller and campaign, Answer and Reject actions, a close button that only dismisses', () => {
    const built = incomingCallNotification(call, { platform: 'darwin', language: 'en' });
    expect(built.options).toMatchObject({
      title: 'Incoming call',
      body: '099123456\nCampaign: Soporte',
      actions: [
        { type: 'button', text: 'Answer' },
        { type: 'button', text: 'Reject' },
      ],
      closeButtonText: 'Dismiss',
    });
    expect(built.actions).toEqual(['answer', 'reject']);
  });

  it.each(['win32', 'linux'] as const)('%s: no action buttons (a click focuses the call), stays up while ringing', (platform) => {
    const built = incomingCallNotification(call, { platform, language: 'es', iconPath: '/opt/app/icon.png' });
    expect(built.options).toEqual({
      title: 'Llamada entrante',
      body: '099123456\nCampaña: Soporte',
      silent: false,
      timeoutType: 'never',
      urgency: 'critical',
      icon: '/opt/app/icon.png',
    });
    expect(built.actions).toEqual([]);
  });

  it('names an unknown caller, leaves out a missing campaign, and cleans what the network sent', () => {
    expect(incomingCallNotification({ ...call, caller: '  ', campaign: null }, { platform: 'linux', language: 'en' }).options.body).toBe('Unknown number');
    const noisy = incomingCallNotification({ ...call, caller: 'Ana\u0007\nGarcía', campaign: null }, { platform: 'linux', language: 'en' });
    expect(noisy.options.body).toBe('Ana García');
    const long = incomingCallNotification({ ...call, caller: '9'.repeat(100), campaign: null }, { platform: 'linux', language: 'en' });
    expect(long.options.body).toHaveLength(64);
  });

  it.each([
    ['Soporte<-', 'Soporte'],
    ['Cobranzas->', 'Cobranzas'],
    ['Manual ->', 'Manual'],
    ['Plain', 'Plain'],
    ['a->b', 'a->b'],
  ])('campaignLabel(%j) = %j', (name, label) => {
    expect(campaignLabel(name)).toBe(label);
  });
});

class FakeNotification implements NotificationLike {
  shown = false;
  closed = false;
  private readonly listeners = new Map<string, (event: Event, index: number) => void>();
  constructor(readonly options: NotificationConstructorOptions) {}
  show(): void {
    this.shown = true;
  }
  close(): void {
    this.closed = true;
  }
  on(event: string, listener: (event: Event, index: number) => void): this {
    this.listeners.set(event, listener);
    return this;
  }
  emit(event: 'click' | 'action', index = 0): void {
    this.listeners.get(event)?.({ preventDefault: () => undefined, defaultPrevented: false }, index);
  }
}

function setup(platform: NodeJS.Platform, supported = true) {
  const created: FakeNotification[] = [];
  const commands: PhoneCommand[] = [];
  const notifier = createCallNotifier({
    isSupported: () => supported,
    create: (options) => {
      const n = new FakeNotification(options);
      created.push(n);
      return n;
    },
    context: () => ({ platform, language: 'en' }),
    onCommand: (command) => commands.push(command),
  });
  return { notifier, created, commands };
}

const ringingStatus: PhoneStatus = { registration: 'registered', call };

describe('createCallNotifier', () => {
  it('is typed so the real Notification fits', () => {
    expectTypeOf<Notification>().toExtend<NotificationLike>();
  });

  it('shows one notification per ringing call and closes it when the call stops ringing', () => {
    const { notifier, created } = setup('linux');
    notifier.update({ registration: 'registered', call: null });
    expect(created).toHaveLength(0);
    notifier.update(ringingStatus);
    notifier.update(ringingStatus);
    expect(created).toHaveLength(1);
    expect(created[0]!.shown).toBe(true);
    notifier.update({ registration: 'registered', call: { ...call, state: 'in-call' } });
    expect(created[0]!.closed).toBe(true);
    notifier.update({ registration: 'registered', call: { ...call, id: 'call-2' } });
    expect(created).toHaveLength(2);
    notifier.update({ registration: 'registered', call: { ...call, id: 'call-3' } });
    expect(created[1]!.closed).toBe(true);
    expect(created).toHaveLength(3);
  });

  it('a click focuses the call', () => {
    const { notifier, created, commands } = setup('win32');
    notifier.update(ringingStatus);
    created[0]!.emit('click');
    expect(commands).toEqual([{ command: 'show-call', callId: 'call-1' }]);
  });

  it('macOS buttons answer or reject that call', () => {
    const { notifier, created, commands } = setup('darwin');
    notifier.update(ringingStatus);
    created[0]!.emit('action', 0);
    created[0]!.emit('action', 1);
    created[0]!.emit('action', 7);
    expect(commands).toEqual([
      { command: 'answer', callId: 'call-1' },
      { command: 'reject', callId: 'call-1' },
    ]);
  });

  it('shows nothing where the OS has no notifications', () => {
    const { notifier, created } = setup('linux', false);
    notifier.update(ringingStatus);
    expect(created).toHaveLength(0);
  });
});
