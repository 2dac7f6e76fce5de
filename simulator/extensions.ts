// The extensions `npm run sim` starts with the HTTP API.
import type { SimulatorExtension } from './extension';
import { createSipExtension } from './sip/sip-extension';

export const defaultExtensions: SimulatorExtension[] = [createSipExtension()];
