// The interop tier's real media path for a benchmark: rtpengine (userspace),
// Kamailio with its rtpengine module and a UDP trunk, and a customer on plain
// SIP (baresip). Needs Debian's packages (test/ensure-packages.sh).
import type { Kamailio } from '../../test/interop/kamailio/kamailio-server';
import { startBaresipCustomer, type BaresipCustomer } from '../../test/interop/media/baresip-customer';
import { CUSTOMER_NUMBER, CUSTOMER_TONE_HZ } from '../../test/interop/media/customer-call';
import { startRtpengine } from '../../test/interop/media/rtpengine';
import { startKamailioForSeed } from '../../test/interop/support/kamailio-for-seed';

export interface MediaPath {
  kamailio: Kamailio;
  customer: BaresipCustomer;
  stop(): Promise<void>;
}

export async function startMediaPath(): Promise<MediaPath> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async (): Promise<void> => {
    for (const step of stops.reverse().splice(0)) await step().catch(() => undefined);
  };
  try {
    const rtpengine = await startRtpengine();
    stops.push(rtpengine.stop);
    const kamailio = await startKamailioForSeed({ trunk: { rtpengineNg: rtpengine.ngAddress, campaign: 'Entrante<-' } });
    stops.push(kamailio.stop);
    const customer = await startBaresipCustomer({ number: CUSTOMER_NUMBER, toneHz: CUSTOMER_TONE_HZ });
    stops.push(customer.stop);
    return { kamailio, customer, stop };
  } catch (error) {
    await stop();
    throw new Error(`bench: the media path (rtpengine, Kamailio, baresip) did not start: ${(error as Error).message}`, { cause: error });
  }
}
