import type { Connectivity } from '../../../common/ipc-contract';
import type { ConnectionIndicator as PhoneConnection } from '../phone';

/**
 * What the header says. The phone (calls ring) and the platform's API (Make
 * Call, dispositions, campaigns) fail apart: a phone still registered while
 * the API is away takes calls, and the agent must not read "Offline" then.
 */
export type Shown = 'online' | 'unknown' | 'offline' | 'phone-offline' | 'api-offline';

/**
 * Connected = the phone is registered and main reaches the platform's API.
 * Without a phone (`null`: supervisor only) it is the API alone.
 */
export function connectionShown(connectivity: Connectivity, phone: PhoneConnection | null): Shown {
  const apiDown = connectivity.api === 'offline';
  if (phone === null) return apiDown ? 'offline' : 'online';
  if (phone === 'offline') return apiDown ? 'offline' : 'phone-offline';
  if (apiDown) return phone === 'registered' ? 'api-offline' : 'offline';
  return phone === 'registered' ? 'online' : 'unknown';
}
