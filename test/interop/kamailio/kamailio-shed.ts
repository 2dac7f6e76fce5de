// Load shedding for the test Kamailio (kamailio-config.ts), as a registrar
// that protects itself does it: the ratelimit module counts REGISTERs per
// second and, past the limit, answers 503 with Retry-After instead of doing
// the digest and location work (a real deployment adds pike per source
// address; every phone of a bench is on 127.0.0.1, so pike would refuse the
// whole floor as one flooding host). And room for a floor: a larger
// connection table than Kamailio's default 2,048.

export interface KamailioShed {
  /** REGISTERs accepted per second; more in that second get 503. */
  registersPerSecond: number;
  /** The Retry-After of those 503s, seconds. */
  retryAfterS: number;
}

/** Module lines: ratelimit with one TAILDROP pipe for REGISTER, measured every second. */
export function shedModules(shed: KamailioShed): string {
  if (!Number.isInteger(shed.registersPerSecond) || shed.registersPerSecond < 1 || !Number.isInteger(shed.retryAfterS) || shed.retryAfterS < 0) {
    throw new Error('Writing kamailio.cfg failed: shedding needs a whole positive REGISTER rate and a whole Retry-After.');
  }
  return `loadmodule "ratelimit.so"
modparam("ratelimit", "timer_interval", 1)
modparam("ratelimit", "pipe", "1:TAILDROP:${shed.registersPerSecond}")
modparam("ratelimit", "queue", "1:REGISTER")`;
}

/** The request_route lines, before any digest work: over the limit → 503 with Retry-After. */
export function shedRegister(shed: KamailioShed): string {
  return `  if (is_method("REGISTER") && !rl_check()) {
    append_to_reply("Retry-After: ${shed.retryAfterS}\\r\\n");
    sl_send_reply("503", "Service Unavailable");
    exit;
  }`;
}
