import { isIntegraError } from '../api';
import { UsageError } from './cli-types';

// Exit codes: 0 success, 2 the platform said no, 3 network/timeout/TLS (and
// HTTP statuses other than 200, which proxies and failing servers produce),
// 4 bad input, 1 anything else.
export const EXIT = { ok: 0, other: 1, refused: 2, network: 3, badInput: 4 } as const;

export function exitCodeFor(error: unknown): number {
  if (error instanceof UsageError) return EXIT.badInput;
  if (!isIntegraError(error)) return EXIT.other;
  switch (error.kind) {
    case 'refused':
      return EXIT.refused;
    case 'timeout':
    case 'connection':
    case 'tls':
    case 'http-status':
      return EXIT.network;
    case 'bad-input':
    case 'not-signed-in':
      return EXIT.badInput;
    default:
      return EXIT.other;
  }
}
