// Main's `workstation.command` (tray menu, notification buttons, global
// shortcuts) applied to the phone. A command about another call than the one
// ringing now is stale (the notification outlived its call) and is ignored.
import { useEffect } from 'react';
import type { PhoneCommand } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import type { Phone } from '../phone';

/** The part of the Phone a command needs. */
export type CommandablePhone = Pick<Phone, 'call' | 'answer' | 'reject' | 'hangUp'>;

export function applyPhoneCommand(phone: CommandablePhone, order: PhoneCommand): Promise<unknown> | undefined {
  const call = phone.call;
  if (!call || (order.callId !== null && order.callId !== call.info.id)) return undefined;
  if (order.command === 'answer' && call.state.kind === 'ringing') return phone.answer();
  if (order.command === 'reject' && call.state.kind === 'ringing') return phone.reject();
  if (order.command === 'hang-up') return phone.hangUp();
  return undefined;
}

export function usePhoneCommands(api: SoftphoneApi, phone: Phone | null): void {
  useEffect(() => {
    if (!phone) return;
    return api.subscribe('workstation.command', (order) => {
      applyPhoneCommand(phone, order)?.catch((error: unknown) => {
        const cause = error instanceof Error ? error.message : String(error);
        void api.request('workstation.log', { level: 'warn', message: `The ${order.command} command could not be applied: ${cause}` });
      });
    });
  }, [api, phone]);
}
