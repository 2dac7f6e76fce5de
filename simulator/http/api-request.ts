// One request to /Integra/resources/: route, fault, token, operation, answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Operation, OperationContext, OperationResult } from '../operations/operation';
import { refuse } from '../operations/operation';
import { operationAt } from '../operations/registry';
import type { Fault } from '../state/fault-store';
import type { SimState } from '../state/sim-state';
import { FormFields } from './form-fields';
import { BodyTooLargeError, readBody } from './read-body';
import { htmlErrorPage, sendText } from './respond';

export interface ApiDeps {
  state: SimState;
  hostName: string;
  dataDir: string;
  /** aborted when the simulator closes (ends pending delays) */
  signal: AbortSignal;
  maxFormBytes: number;
}

const secretBodies = new Set(['clientAuth', 'agentLogin']);

export async function handleApiRequest(req: IncomingMessage, res: ServerResponse, path: string, deps: ApiDeps): Promise<void> {
  const op = operationAt(path);
  if (!op) return sendText(req, res, 404, 'Not Found');
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    return sendText(req, res, 405, 'Method Not Allowed');
  }
  const { state } = deps;
  const fault = state.faults.take(op.id);
  const log = (
    result: 'success' | 'error' | 'fault',
    extra: { reason?: string; body?: string; authorized?: boolean | null; tokenKind?: 'client' | 'agent' } = {},
  ) =>
    state.logRequest({
      at: new Date().toISOString(),
      operation: op.id,
      authorized: extra.authorized ?? null,
      result,
      fault: fault?.kind,
      reason: extra.reason,
      body: extra.body,
      ...(extra.tokenKind ? { tokenKind: extra.tokenKind } : {}),
    });

  if (fault?.kind === 'drop') {
    log('fault');
    req.socket.destroy();
    return;
  }
  if (fault?.kind === 'http500' || fault?.kind === 'html') {
    log('fault');
    return fault.kind === 'http500' ? sendText(req, res, 500, 'Internal Server Error') : sendText(req, res, 200, htmlErrorPage, 'text/html; charset=utf-8');
  }
  if (fault?.kind === 'expired-token') state.tokens.revokeAll();
  if (fault?.kind === 'delay') {
    try {
      await sleep(fault.delayMs, undefined, { signal: deps.signal });
    } catch {
      req.socket.destroy();
      return;
    }
  }

  // Small bodies are read first, so the connection stays usable whatever the answer.
  const form = op.body === 'form' ? await readForm(req, deps.maxFormBytes) : undefined;
  const token = tokenOf(req);
  const tokenEntry = token ? state.tokens.find(token) : undefined;
  const ctx: OperationContext = { state, hostName: deps.hostName, dataDir: deps.dataDir, token: tokenEntry };
  const authorized = op.authorized ? tokenEntry !== undefined : null;
  const result =
    authorized === false ? refuse(token ? 'unknown token' : 'no Authorization: Basic <token> header') : await run(op, req, ctx, form);
  const body = cut(result.body, fault);
  log(result.ok ? 'success' : 'error', {
    authorized,
    ...(tokenEntry ? { tokenKind: tokenEntry.kind } : {}),
    reason: result.ok ? undefined : result.reason,
    body: result.ok && secretBodies.has(op.id) ? '(secret)' : body.slice(0, 200),
  });
  sendText(req, res, 200, body);
}

type FormRead = { ok: true; fields: FormFields } | { ok: false; reason: string };

async function readForm(req: IncomingMessage, limit: number): Promise<FormRead> {
  let raw: Buffer;
  try {
    raw = await readBody(req, limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { ok: false, reason: error.message };
    throw error;
  }
  if (raw.length > 0 && !isFormType(req.headers['content-type'])) {
    return { ok: false, reason: 'the content type is not application/x-www-form-urlencoded' };
  }
  return { ok: true, fields: new FormFields(raw.toString('utf8')) };
}

async function run(op: Operation, req: IncomingMessage, ctx: OperationContext, form: FormRead | undefined): Promise<OperationResult> {
  if (op.body === 'stream') {
    return isFormType(req.headers['content-type']) ? op.handle(req, ctx) : refuse('the content type is not application/x-www-form-urlencoded');
  }
  if (!form) return refuse('the body was not read');
  return form.ok ? op.handle(form.fields, ctx) : refuse(form.reason);
}

function isFormType(header: string | undefined): boolean {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/** The raw token of `Authorization: Basic <token>` (the platform sends no user:password pair). */
function tokenOf(req: IncomingMessage): string | undefined {
  const match = /^Basic\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

function cut(body: string, fault: Fault | undefined): string {
  return fault?.kind === 'truncated' ? body.slice(0, Math.floor(body.length / 2)) : body;
}
