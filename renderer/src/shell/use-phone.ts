// The running phone (phone-runner.ts) for React.
import { useSyncExternalStore } from 'react';
import type { PhoneHandle, PhoneRunner } from './phone-runner';

export type { PhoneHandle, PhoneRunner } from './phone-runner';

export function usePhone(runner: PhoneRunner): PhoneHandle {
  return useSyncExternalStore(runner.subscribe, runner.get);
}
