// Main's probe of the SIP server for a bench page: the app's own prober and
// probe of the SIP service (main/services/connectivity), exposed to the page as
// `window.benchWaitReachable`, as the browser host's phone.waitSipReachable
// does for the app. Counts the probes it made.
import type { Page } from 'playwright-core';
import { createReachabilityProber, sipProbeTarget, sipUpgradeProbe } from '../../main/services/connectivity';

export interface MainProbe {
  /** TCP connects made so far (one per probe). */
  readonly probes: number;
  expose(page: Page): Promise<void>;
  close(): void;
}

export function startMainProbe(wsUrl: string): MainProbe {
  const target = sipProbeTarget(wsUrl);
  if (!target) throw new Error(`${wsUrl} is not a ws:// or wss:// address`);
  let probes = 0;
  const prober = createReachabilityProber({
    connect: (t, options) => {
      probes += 1;
      return sipUpgradeProbe(t, options);
    },
  });
  return {
    get probes() {
      return probes;
    },
    async expose(page) {
      await page.exposeFunction('benchWaitReachable', async (timeoutMs: number, outageMs: number) => (await prober.wait(target, { timeoutMs, outageMs })).reachable);
    },
    close: () => prober.close(),
  };
}
