import { z } from 'zod';

// One element of Add Agent to Campaign's `queuemember` array. All keys sent;
// penalty and paused are 0 as the spec says.
export const QueueMemberInputSchema = z.object({
  membername: z.string().trim().min(1, 'the agent user name (membername) is empty'),
  queueName: z.string().trim().min(1, 'the campaign name (queueName) is empty'),
  interface1: z.string().trim().regex(/^SIP\/\S+$/, 'interface1 must be SIP/<agent phone number>'),
  penalty: z.number().int().default(0),
  paused: z.number().int().default(0),
});
export type QueueMemberInput = z.input<typeof QueueMemberInputSchema>;
export type QueueMember = z.output<typeof QueueMemberInputSchema>;

/** The member for an agent user with phone number `phone` in `campaign`. */
export function queueMember(membername: string, phone: string, queueName: string): QueueMemberInput {
  return { membername, queueName, interface1: `SIP/${phone}` };
}
