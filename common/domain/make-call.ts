import { z } from 'zod';

// Make Call parameters. Numbers are carried as text so leading zeros and `+`
// survive; destination is the number to dial (docs/ASSUMPTIONS.md).
const digits = (what: string) => z.string().trim().regex(/^\+?[0-9*#]{1,32}$/, `the ${what} must be a phone number`);

export const MakeCallInputSchema = z.object({
  callerid: digits('caller id (campaign DID)'),
  agent: z.string().trim().min(1, 'the agent is empty'),
  phone: digits('agent phone'),
  tech: z.string().trim().min(1).default('SIP'),
  context: z.string().trim().min(1, 'the context is empty'),
  outqueue: z.string().trim().min(1, 'the manual campaign (outqueue) is empty'),
  destination: digits('destination'),
});
export type MakeCallInput = z.input<typeof MakeCallInputSchema>;
export type MakeCall = z.output<typeof MakeCallInputSchema>;
