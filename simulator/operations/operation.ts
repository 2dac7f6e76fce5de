// What an operation is: its id, whether it needs a token, and a handler that
// turns the request into the spec's text body.
import type { IncomingMessage } from 'node:http';
import type { FormFields } from '../http/form-fields';
import type { SimState } from '../state/sim-state';
import type { TokenEntry } from '../state/records';
import type { OperationId } from './operation-ids';

export interface OperationContext {
  state: SimState;
  /** host name of the simulator's base URL, returned as the agent's `host` */
  hostName: string;
  dataDir: string;
  token: TokenEntry | undefined;
}

/** The body to send, and whether it was the operation's success or its error. */
export type OperationResult = { ok: true; body: string } | { ok: false; body: string; reason: string };

export const success = (body: string): OperationResult => ({ ok: true, body });
/** The spec's error body `0`; `reason` goes to the request log only. */
export const refuse = (reason: string): OperationResult => ({ ok: false, body: '0', reason });

export type Operation =
  | { id: OperationId; authorized: boolean; body: 'form'; handle(fields: FormFields, ctx: OperationContext): OperationResult | Promise<OperationResult> }
  | { id: OperationId; authorized: boolean; body: 'stream'; handle(req: IncomingMessage, ctx: OperationContext): Promise<OperationResult> };
