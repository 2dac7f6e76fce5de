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
  place(campaign: string, from: string, data: string): boolean;
  log(line: string): void;
}

const TRIES_PER_CALL = 30;
/** Defaults: time to sign in and look around, then one try a minute (npm start's banner says them). */
export const DEMO_FIRST_DELAY_MS = 20_000;
export const DEMO_EVERY_MS = 60_000;
// Each demo customer comes with the data a CRM would attach (CTI ParAndValues; pairs joined with ';').
const CUSTOMERS = [
  { from: '098765432', data: 'nombre=Carlos Pérez;cuenta=10234;motivo=Factura' },
  { from: '099112233', data: 'nombre=María Rodríguez;cuenta=20871;motivo=Cambio de plan;cita=10:30' },
  { from: '091234567', data: 'nombre=José Núñez;cuenta=30512;motivo=Reclamo' },
  { from: '094555666', data: 'nombre=Ana Gómez;cuenta=41007;motivo=Alta de servicio' },
  { from: '097000111', data: 'nombre=Lucía Fernández;cuenta=55230;motivo=Consulta de saldo' },
] as const;

export function startDemoCalls(options: DemoCallsOptions, ports: DemoCallPorts): { close(): void } {
  const maxTries = options.count * TRIES_PER_CALL;
  let placed = 0;
  let tries = 0;
  let timer: NodeJS.Timeout | undefined;

  const attempt = (): void => {
    tries += 1;
    const { from, data } = CUSTOMERS[placed % CUSTOMERS.length] ?? CUSTOMERS[0];
    const campaign = ports.inboundCampaigns().find((name) => ports.place(name, from, data));
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
