// The extensions `npm run sim` starts with the HTTP API.
import type { SimulatorExtension } from './extension';

export const defaultExtensions: SimulatorExtension[] = [];
