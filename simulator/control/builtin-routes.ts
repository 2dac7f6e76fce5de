// The control API's own routes: state, reset, faults, list content.
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { z } from 'zod';
import { operationIds } from '../operations/operation-ids';
import { md5Secret } from '../state/agent-store';
import { faultKinds } from '../state/fault-store';
import type { SimState } from '../state/sim-state';
import type { ControlRouter } from './control-router';

const faultSchema = z.strictObject({
  operation: z.enum(operationIds),
  kind: z.enum(faultKinds),
  count: z.number().int().min(1).max(10_000).default(1),
  delayMs: z.number().int().min(0).max(120_000).default(1000),
});

const passwordSchema = z.strictObject({ password: z.string().min(1).max(200) });

export function addBuiltinRoutes(router: ControlRouter, state: SimState): void {
  router.route('GET', '/__sim/state', () => ({ json: state.snapshot() }));

  router.route('POST', '/__sim/reset', async () => {
    const dropped = state.reset();
    await Promise.all(dropped.map((list) => rm(list.path, { force: true })));
    return { json: { ok: true } };
  });

  router.route('GET', '/__sim/faults', () => ({ json: state.faults.pending() }));
  router.route('POST', '/__sim/faults', ({ body }) => {
    const parsed = faultSchema.safeParse(body);
    if (!parsed.success) return { status: 400, json: { error: z.prettifyError(parsed.error) } };
    const { operation, kind, count, delayMs } = parsed.data;
    state.faults.add({ operation, kind, remaining: count, delayMs });
    return { json: { ok: true, pending: state.faults.pending() } };
  });
  router.route('DELETE', '/__sim/faults', () => {
    state.faults.clear();
    return { json: { ok: true } };
  });

  // An administrator resets an agent's password on the platform: sign-in and the SIP registrar both want the new one.
  router.route('POST', '/__sim/agents/:user/password', ({ params, body }) => {
    const parsed = passwordSchema.safeParse(body);
    if (!parsed.success) return { status: 400, json: { error: z.prettifyError(parsed.error) } };
    const agent = state.agents.byUserName(params.user ?? '');
    if (!agent) return { status: 404, json: { error: `No agent ${params.user ?? ''}.` } };
    agent.password = parsed.data.password;
    agent.md5secret = md5Secret(agent.name, parsed.data.password);
    return { json: { ok: true } };
  });

  router.route('GET', '/__sim/lists/:id/content', ({ params }) => {
    const list = state.lists.find((l) => String(l.id) === params.id);
    if (!list) return { status: 404, json: { error: `No list ${params.id}.` } };
    return { stream: createReadStream(list.path), contentType: 'text/plain; charset=utf-8' };
  });
}
