// Control routes of the PBX settings for transfers and outside numbers. The
// transfers themselves are in GET /__sim/state (`transfers`, and each call's
// `parties`). POST /__sim/reset brings the seed's values back.
import { z } from 'zod';
import type { ControlReply, ExtensionContext } from '../../extension';
import { blindTransferFinals, outsidePartiesChangeSchema } from '../../seed/pbx-schema';
import type { PbxSettings } from './pbx-settings';

const transferSettingsSchema = z.strictObject({
  blindTransferFinal: z.enum(blindTransferFinals).optional(),
  transfererByeWaitMs: z.number().int().min(100).max(600_000).optional(),
});

const campaignTransfersSchema = z.strictObject({ allowed: z.boolean() });

const problem = (status: number, error: string): ControlReply => ({ status, json: { error } });

export function addTransferRoutes(ctx: ExtensionContext, settings: PbxSettings): void {
  ctx.control.route('GET', '/__sim/sip/transfer-settings', () => ({ json: settings.transferView() }));
  ctx.control.route('POST', '/__sim/sip/transfer-settings', (request) => {
    const parsed = transferSettingsSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      return problem(400, `sip/transfer-settings takes {blindTransferFinal?: "early" | "on-answer", transfererByeWaitMs?: 100..600000}: ${z.prettifyError(parsed.error)}`);
    }
    const { blindTransferFinal, transfererByeWaitMs } = parsed.data;
    settings.setTransfer({
      ...(blindTransferFinal !== undefined ? { blindTransferFinal } : {}),
      ...(transfererByeWaitMs !== undefined ? { transfererByeWaitMs } : {}),
    });
    return { json: settings.transferView() };
  });

  ctx.control.route('POST', '/__sim/campaigns/:name/transfers', (request) => {
    const name = request.params.name ?? '';
    const parsed = campaignTransfersSchema.safeParse(request.body);
    if (!parsed.success) return problem(400, `campaigns/<name>/transfers takes {allowed: boolean}: ${z.prettifyError(parsed.error)}`);
    if (!ctx.state.campaign(name)) return problem(404, `no campaign named ${name}`);
    settings.setTransfersAllowed(name, parsed.data.allowed);
    return { json: { campaign: name, allowed: !settings.refusesTransfers(name) } };
  });

  ctx.control.route('GET', '/__sim/sip/parties', () => ({ json: settings.outsideParties }));
  ctx.control.route('POST', '/__sim/sip/parties', (request) => {
    const parsed = outsidePartiesChangeSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      return problem(400, `sip/parties takes {busy?: [numbers], noAnswer?: [numbers], answerAfterMs?: 0..600000, ringTimeoutMs?: 100..600000}: ${z.prettifyError(parsed.error)}`);
    }
    const change = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
    settings.setOutsideParties(change);
    return { json: settings.outsideParties };
  });
}
