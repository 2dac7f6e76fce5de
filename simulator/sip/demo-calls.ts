// The demo rings by itself: now and then a customer calls an inbound campaign
// (names ending in `<-`), so someone trying the app on the simulator sees an
// incoming call, answers it and records its disposition without scripting
// the control API. Bounded: at most `count` calls, and it gives up after
// `count` × TRIES_PER_CALL attempts when nobody is there to take them.

export interface DemoCallsOptions {
  /** Calls to place in all; 0 = none. */
  readonly count: number;
  /** Before the first attempt (time to sign in and look around). */
  readonly firstDelayMs?: number;
  /** Between attempts. */
  readonly everyMs?: number;
}

export interface DemoCallPorts {
  /** Inbound campaigns now (the state may change). */
  inboundCampaigns(): string[];
  /** Rings an idle member of the campaign; false when none is idle. */
  place(campaign: string, from: string): boolean;
  log(line: string): void;
}

const TRIES_PER_CALL = 30;
/** Defaults: time to sign in and look around, then one try a minute (npm start's banner says them). */
export const DEMO_FIRST_DELAY_MS = 20_000;
export const DEMO_EVERY_MS = 60_000;
const CUSTOMERS = ['098765432', '099112233', '091234567', '094555666', '097000111'] as const;

export function startDemoCalls(options: DemoCallsOptions, ports: DemoCallPorts): { close(): void } {
  const maxTries = options.count * TRIES_PER_CALL;
  let placed = 0;
  let tries = 0;
  let timer: NodeJS.Timeout | undefined;

  const attempt = (): void => {
    tries += 1;
    const from = CUSTOMERS[placed % CUSTOMERS.length] ?? CUSTOMERS[0];
    const campaign = ports.inboundCampaigns().find((name) => ports.place(name, from));
    if (campaign !== undefined) {
      placed += 1;
      ports.log(`demo call ${placed} of ${options.count}: ${from} calls ${campaign}`);
    }
    if (placed >= options.count || tries >= maxTries) {
      timer = undefined;
      return;
    }
    schedule(options.everyMs ?? DEMO_EVERY_MS);
  };
  const schedule = (ms: number): void => {
    timer = setTimeout(attempt, ms);
    timer.unref();
  };
  if (options.count > 0) schedule(options.firstDelayMs ?? DEMO_FIRST_DELAY_MS);
  return {
    close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
