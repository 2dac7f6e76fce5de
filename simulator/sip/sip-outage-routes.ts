// Control API of the hosted SIP server's outages: its connections, dropping an
// agent's connections (both halves, or half-open), refusing new connections
// for a while, and the server going down until resumed. Calls survive all of
// them, as Asterisk channels survive their agents' WebSockets.
import { z } from 'zod';
import type { ControlReply, ExtensionContext } from '../extension';
import type { SipServer } from './sip-server';

const dropSchema = z.strictObject({ mode: z.enum(['both', 'half-open']) });
const takeoverSchema = z.strictObject({ refuse: z.boolean() });
const refuseSchema = z.strictObject({ seconds: z.number().int('a whole number of seconds').min(1).max(600) });

const problem = (status: number, error: string): ControlReply => ({ status, json: { error } });

export function addSipOutageRoutes(ctx: ExtensionContext, server: SipServer): void {
  ctx.control.route('GET', '/__sim/sip/connections', () => ({ json: server.connections() }));

  ctx.control.route('POST', '/__sim/sip/agents/:phone/drop', (request) => {
    const phone = request.params.phone ?? '';
    const parsed = dropSchema.safeParse(request.body);
    if (!parsed.success) return problem(400, `drop takes {mode: "both" | "half-open"}: ${z.prettifyError(parsed.error)}`);
    if (!ctx.state.agents.byPhone(phone)) return problem(404, `no agent has phone ${phone}`);
    const dropped = server.dropPhone(phone, parsed.data.mode);
    if (dropped.length === 0) return problem(409, `phone ${phone} has no open SIP connection with a registration`);
    return { json: { phone, mode: parsed.data.mode, dropped } };
  });

  ctx.control.route('POST', '/__sim/sip/refuse', async (request) => {
    const parsed = refuseSchema.safeParse(request.body);
    if (!parsed.success) return problem(400, `refuse takes {seconds: 1..600}: ${z.prettifyError(parsed.error)}`);
    await server.refuse(parsed.data.seconds * 1000);
    const until = server.refusingUntil();
    return { json: { refusingUntil: until === undefined ? null : new Date(until).toISOString() } };
  });

  // Issue 24: refuse (481) a re-INVITE that would move a live call to another connection of the agent (a reloaded page).
  ctx.control.route('GET', '/__sim/sip/takeovers', () => ({ json: { refuse: server.refusingTakeovers() } }));
  ctx.control.route('POST', '/__sim/sip/takeovers', (request) => {
    const parsed = takeoverSchema.safeParse(request.body);
    if (!parsed.success) return problem(400, `takeovers takes {refuse: boolean}: ${z.prettifyError(parsed.error)}`);
    server.refuseTakeovers(parsed.data.refuse);
    return { json: { refuse: server.refusingTakeovers() } };
  });

  // "The SIP server is unreachable": every socket dropped, connections refused, same ports on resume. Calls go on.
  ctx.control.route('POST', '/__sim/sip/pause', async () => {
    await server.pause();
    return { json: { paused: true } };
  });
  ctx.control.route('POST', '/__sim/sip/resume', async () => {
    await server.resume();
    return { json: { paused: false } };
  });
}
