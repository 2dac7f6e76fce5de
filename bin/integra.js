#!/usr/bin/env node
// The integra CLI without a build step: registers tsx's ESM loader, then runs
// the TypeScript entry point.
import { register } from 'tsx/esm/api';

register();
await import('../main/cli/main.ts');
