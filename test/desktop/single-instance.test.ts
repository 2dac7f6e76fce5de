import { describe, expect, it } from 'vitest';
import { claimSingleInstance } from '../../main/desktop/single-instance';

function fakeApp(lockFree: boolean) {
  const listeners = new Map<string, (event: unknown, argv: string[], cwd: string) => void>();
  let quits = 0;
  return {
    app: {
      requestSingleInstanceLock: () => lockFree,
      quit: () => void (quits += 1),
      on: (event: string, listener: (event: unknown, argv: string[], cwd: string) => void) => listeners.set(event, listener),
    },
    secondLaunch: (argv: string[]) => listeners.get('second-instance')?.({}, argv, '/'),
    quits: () => quits,
  };
}

describe('single instance', () => {
  it('the first launch keeps running and hears a second launch, with its argv', () => {
    const fake = fakeApp(true);
    const heard: string[][] = [];
    expect(claimSingleInstance(fake.app, (argv) => heard.push(argv))).toBe(true);
    fake.secondLaunch(['agent-softphone', 'tel:+59899123456']);
    expect(heard).toEqual([['agent-softphone', 'tel:+59899123456']]);
    expect(fake.quits()).toBe(0);
  });

  it('a second launch quits at once', () => {
    const fake = fakeApp(false);
    expect(claimSingleInstance(fake.app, () => undefined)).toBe(false);
    expect(fake.quits()).toBe(1);
  });
});
