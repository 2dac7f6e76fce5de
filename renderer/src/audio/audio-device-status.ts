// The audio devices' status for the call panel (notices and the one-click
// switch back), set by the signed-in shell where the choice is applied.
import { createContext } from 'react';
import type { AudioDeviceStatus } from './use-chosen-audio-devices';

export const AudioDeviceStatusContext = createContext<AudioDeviceStatus>({ notices: [], switchBack: () => undefined });
