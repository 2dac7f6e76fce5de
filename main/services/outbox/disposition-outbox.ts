/**
 * Dispositions through the outbox: the send port over the Integra client's
 * Call Disposition, with the client's typed errors sorted into "try again
 * later" and "needs a person".
 *
 *   retry:     offline / refused connection, timeout, HTTP ≠ 200, a body that is
 *              not `OK`, TLS (fixable by trusting the CA), not signed in (yet),
 *              `0` after the client's own re-auth — up to `refusedLimit` in a row
 *   permanent: bad input (nothing was sent; it will never pass as is), or a
 *              `0` answered `refusedLimit` times IN A ROW for one disposition
 *
 *   refusals in a row, per entry:  0 ──`0`──▶ 1 ──`0`──▶ … ──`0`──▶ limit ⇒ park
 *                                  ▲          │
 *                                  └─any other outcome (500, offline, OK)
 *
 * The count lives in memory: a restart starts it again (at worst a few more
 * attempts before parking, never a lost disposition).
 */
import { DispositionInputSchema, type Disposition } from '../../../common/domain/disposition';
import { isIntegraError, PlatformRefusedError, type IntegraClient } from '../../api';
import type { Connectivity } from '../connectivity/connectivity';
import { integraCause } from '../integra-cause';
import { Outbox } from './outbox';
import type { OutboxOptions, SendOutcome, SendPort } from './outbox-types';

export interface DispositionSenderOptions {
  readonly client: Pick<IntegraClient, 'callDisposition'>;
  /** Told about every outcome that proves or disproves reachability. */
  readonly connectivity?: Pick<Connectivity, 'reportSuccess' | 'reportNetworkFailure'>;
  /** Park after this many `0` answers in a row for one disposition (default 5); any other outcome starts the count again. */
  readonly refusedLimit?: number;
}

export function dispositionSender(opts: DispositionSenderOptions): SendPort<Disposition> {
  const refusedLimit = opts.refusedLimit ?? 5;
  /** `0` answers in a row, per outbox entry. */
  const refusalsInARow = new Map<string, number>();

  const refused = (err: PlatformRefusedError, id: string): SendOutcome => {
    opts.connectivity?.reportSuccess();
    const inARow = (refusalsInARow.get(id) ?? 0) + 1;
    const body = JSON.stringify(err.body).slice(0, 200);
    if (inARow < refusedLimit) {
      refusalsInARow.set(id, inARow);
      return { kind: 'retry', reason: err.message, say: { key: 'outbox.disposition.refused', params: { body } } };
    }
    refusalsInARow.delete(id);
    return {
      kind: 'permanent',
      reason: `${err.message} The platform answered ${body} ${inARow} times in a row; check the call's campaign and GUID.`,
      say: { key: 'outbox.disposition.refusedRepeatedly', params: { body, times: String(inARow) } },
    };
  };

  const otherFailure = (err: unknown): SendOutcome => {
    if (!isIntegraError(err)) return { kind: 'retry', reason: err instanceof Error ? err.message : String(err) };
    const said = integraCause(err);
    const say = said ? { say: said } : {};
    switch (err.kind) {
      case 'connection':
      case 'timeout':
        opts.connectivity?.reportNetworkFailure();
        return { kind: 'retry', reason: err.message, ...say };
      case 'bad-input':
        return { kind: 'permanent', reason: err.message, ...say };
      default:
        return { kind: 'retry', reason: err.message, ...say };
    }
  };

  return async (item, signal, ctx): Promise<SendOutcome> => {
    try {
      await opts.client.callDisposition(item, { signal });
      refusalsInARow.delete(ctx.id);
      opts.connectivity?.reportSuccess();
      return { kind: 'ok' };
    } catch (err) {
      if (err instanceof PlatformRefusedError) return refused(err, ctx.id);
      refusalsInARow.delete(ctx.id); // any other outcome ends the run of refusals
      return otherFailure(err);
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
