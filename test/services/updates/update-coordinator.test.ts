// The update rule with fakes: call states × update events × policy. A
// downloaded version never restarts the app during a call, a ringing call or
// an unsent wrap-up; it installs at sign-out, at quit (electron-updater's
// autoInstallOnAppQuit) or while nobody is signed in; errors are warnings.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createUpdateCoordinator, mayInstallNow, type UpdaterPort, type UpdateTrust, type WorkUnderWay } from '../../../main/services/updates';

class FakeUpdater extends EventEmitter implements UpdaterPort {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  feeds: unknown[] = [];
  installs: [boolean | undefined, boolean | undefined][] = [];
  checks = 0;
  failCheck: Error | null = null;
  setFeedURL(options: unknown) {
    this.feeds.push(options);
  }
  async checkForUpdates() {
    this.checks += 1;
    if (this.failCheck) throw this.failCheck;
    return null;
  }
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean) {
    this.installs.push([isSilent, isForceRunAfter]);
  }
}

function setup(options: { feedUrl?: string; work?: WorkUnderWay; signedIn?: boolean; trust?: UpdateTrust } = {}) {
  const updater = new FakeUpdater();
  const state = { work: options.work ?? null, signedIn: options.signedIn ?? true };
  const told: string[] = [];
  const warnings: string[] = [];
  const coordinator = createUpdateCoordinator({
    updater,
    settings: () => ({ feedUrl: options.feedUrl ?? 'https://updates.example.com/softphone', channel: 'latest' }),
    trust: () => options.trust ?? { ok: true, check: 'a signature check' },
    workUnderWay: async () => state.work,
    signedIn: () => state.signedIn,
    tellAgent: (version) => told.push(version),
    log: { info: () => undefined, warn: (m) => warnings.push(m) },
  });
  return { updater, state, told, warnings, coordinator };
}

const WORK: WorkUnderWay[] = [null, 'ringing', 'in-call', 'unsent-wrap-up'];

describe('mayInstallNow', () => {
  it.each(WORK.flatMap((work) => [true, false].flatMap((signedIn) => (['downloaded', 'signed-out'] as const).map((moment) => [moment, work, signedIn] as const))))(
    '%s with %s under way, signed in %s',
    (moment, work, signedIn) => {
      const expected = work === null && (moment === 'signed-out' || !signedIn);
      expect(mayInstallNow(moment, work, signedIn)).toBe(expected);
    },
  );
});

describe('update coordinator', () => {
  it('downloads in the background and installs on quit', async () => {
    const { updater, coordinator } = setup();
    await coordinator.check();
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    expect(updater.feeds).toEqual([{ provider: 'generic', url: 'https://updates.example.com/softphone', channel: 'latest' }]);
  });

  it.each(WORK.filter((w) => w !== null))('never restarts while %s, not even at sign-out; it waits for quit', async (work) => {
    const { updater, coordinator, told } = setup({ work, signedIn: true });
    updater.emit('update-downloaded', { version: '1.2.0' });
    await coordinator.signedOut();
    expect(updater.installs).toEqual([]);
    expect(told).toEqual(['1.2.0']);
    expect(coordinator.waiting()).toBe('1.2.0');
  });

  it('tells the agent once, and installs at sign-out when nothing is under way', async () => {
    const { updater, coordinator, told, state } = setup({ work: 'in-call' });
    updater.emit('update-downloaded', { version: '1.2.0' });
    updater.emit('update-downloaded', { version: '1.2.0' });
    expect(told).toEqual(['1.2.0']);
    state.work = null;
    state.signedIn = false;
    await coordinator.signedOut();
    expect(updater.installs).toEqual([[true, true]]);
  });

  it('installs as soon as it is downloaded when nobody is signed in (the next start)', async () => {
    const { updater } = setup({ signedIn: false });
    updater.emit('update-downloaded', { version: '1.2.0' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(updater.installs).toEqual([[true, true]]);
  });

  it('does not install when downloaded while an agent is signed in, even idle', async () => {
    const { updater } = setup({ signedIn: true });
    updater.emit('update-downloaded', { version: '1.2.0' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(updater.installs).toEqual([]);
  });

  it('is off without a feed (the default), and refuses a feed that is not https', async () => {
    const off = setup({ feedUrl: '' });
    await off.coordinator.check();
    expect(off.updater.checks).toBe(0);
    const plain = setup({ feedUrl: 'http://updates.example.com/' });
    await plain.coordinator.check();
    expect(plain.updater.checks).toBe(0);
    expect(plain.warnings.join()).toMatch(/https/u);
  });

  it('turns an unreachable feed and a bad signature into warnings, never a failed start', async () => {
    const { updater, coordinator, warnings } = setup();
    updater.failCheck = new Error('net::ERR_CONNECTION_REFUSED');
    await expect(coordinator.check()).resolves.toBeUndefined();
    updater.emit('error', new Error('sha512 checksum mismatch'));
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toMatch(/sha512 checksum mismatch/u);
    expect(updater.installs).toEqual([]);
  });
});
