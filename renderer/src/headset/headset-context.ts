// The headset's status and the "Connect headset" action, set by the signed-in
// shell (use-headset.ts); null before sign-in (no phone to tie it to).
import { createContext } from 'react';
import type { HeadsetControl } from './use-headset';

export const HeadsetContext = createContext<HeadsetControl | null>(null);
