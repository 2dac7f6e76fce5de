/**
 * Dispositions through the outbox: the send port over the Integra client's
 * Call Disposition, with the client's typed errors sorted into "try again
 * later" and "needs a person".
 *
 *   retry:     offline / refused connection, timeout, HTTP ≠ 200, a body that is
 *              not `OK`, TLS (fixable by trusting the CA), not signed in (yet),
 *              `0` after the client's own re-auth — up to `refusedLimit` times
 *   permanent: bad input (nothing was sent; it will never pass as is), or a
 *              `0` the platform keeps answering after `refusedLimit` attempts
 */
import { DispositionInputSchema, type Disposition } from '../../../common/domain/disposition';
import { isIntegraError, type IntegraClient } from '../../api';
import type { Connectivity } from '../connectivity/connectivity';
import { Outbox } from './outbox';
import type { OutboxOptions, SendOutcome, SendPort } from './outbox-types';

export interface DispositionSenderOptions {
  readonly client: Pick<IntegraClient, 'callDisposition'>;
  /** Told about every outcome that proves or disproves reachability. */
  readonly connectivity?: Pick<Connectivity, 'reportSuccess' | 'reportNetworkFailure'>;
  /** Park after this many `0` answers in a row for one disposition (default 5). */
  readonly refusedLimit?: number;
}

export function dispositionSender(opts: DispositionSenderOptions): SendPort<Disposition> {
  const refusedLimit = opts.refusedLimit ?? 5;
  return async (item, signal, ctx): Promise<SendOutcome> => {
    try {
      await opts.client.callDisposition(item, { signal });
      opts.connectivity?.reportSuccess();
      return { kind: 'ok' };
    } catch (err) {
      if (!isIntegraError(err)) return { kind: 'retry', reason: err instanceof Error ? err.message : String(err) };
      switch (err.kind) {
        case 'connection':
        case 'timeout':
          opts.connectivity?.reportNetworkFailure();
          return { kind: 'retry', reason: err.message };
        case 'bad-input':
          return { kind: 'permanent', reason: err.message };
        case 'refused':
          opts.connectivity?.reportSuccess();
          return ctx.attempt >= refusedLimit
            ? { kind: 'permanent', reason: `${err.message} It was refused ${ctx.attempt} times; check the call's campaign and GUID.` }
            : { kind: 'retry', reason: err.message };
        default:
          return { kind: 'retry', reason: err.message };
      }
    }
  };
}

export type DispositionOutboxOptions = Omit<OutboxOptions<Disposition>, 'schema' | 'send' | 'name'> & DispositionSenderOptions;

/** Opens the dispositions outbox (journal `dispositions.jsonl` in `dir`). Call start() after attaching listeners. */
export function openDispositionOutbox(opts: DispositionOutboxOptions): Promise<Outbox<Disposition>> {
  const { client, connectivity, refusedLimit, ...rest } = opts;
  return Outbox.open<Disposition>({
    ...rest,
    name: 'dispositions',
    schema: DispositionInputSchema,
    send: dispositionSender({ client, ...(connectivity ? { connectivity } : {}), ...(refusedLimit ? { refusedLimit } : {}) }),
  });
}
