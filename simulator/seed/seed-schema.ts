// The seed file's shape: every field of the spec's Campaign and Dialer tables
// with its type and observed format, plus the simulator's users and agents.
import { z } from 'zod';
import {
  dialstringText,
  formText,
  jsonArrayText,
  schedulePhonesText,
  scheduleText,
  thresholdsText,
  variablesText,
} from './field-formats';
import { pbxSchema } from './pbx-schema';

const int = z.number().int();

export const campaignSchema = z.strictObject({
  name: z.string().min(1),
  musiconhold: z.string(),
  announce: z.string(),
  context: z.string(),
  monitorType: z.string(),
  monitorFormat: z.string(),
  announceHoldtime: z.string(),
  announcePosition: z.string(),
  strategy: z.string(),
  joinempty: z.string(),
  leavewhenempty: z.string(),
  periodicAnnounce: z.string(),
  periodicAnnounceFrequency: z.string(),
  did: z.string(),
  direction: z.string(),
  interactions: z.string(),
  email: z.string(),
  thresholds: thresholdsText,
  welcome: z.string(),
  schedule: scheduleText,
  form: formText,
  quality: z.string(),
  dialstring: dialstringText,
  voicemail: z.string(),
  auto_answer: z.enum(['0', '1']),
  queue_breaks: z.string(),
  language: z.string(),
  transferCampaigns: z.string(),
  timeout: int,
  announceFrequency: int,
  announceRoundSeconds: int,
  retry: int,
  wrapuptime: int,
  maxlen: int,
  servicelevel: int,
  memberdelay: int,
  weight: int,
  queue_survey: int,
  queue_timeout: int,
  show_dispositions: int,
  screen_recording: int,
  eventmemberstatus: z.boolean(),
  eventwhencalled: z.boolean(),
  reportholdtime: z.boolean(),
  timeoutrestart: z.boolean(),
  ringinuse: z.boolean(),
  setinterfacevar: z.boolean(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const dialerSchema = z.strictObject({
  campaign: z.string().min(1),
  schedule: scheduleText,
  dialertype: z.string(),
  dialstring: dialstringText,
  context: z.string(),
  exten: z.string(),
  sound: z.string(),
  variables: variablesText,
  callerid: z.string(),
  schedulephones: schedulePhonesText,
  recycle: jsonArrayText,
  country: z.string(),
  rule: z.string(),
  status: int,
  am: int,
  maxchannels: int,
  timeout: int,
  retries: int,
  callerpres: int,
  tbc: int,
  dncr: int,
  autoanswer: int,
  tbc_nocontact: int,
  earlymedia: int,
  recyclecount: int,
  autoconvertcallerid: int,
});
export type Dialer = z.infer<typeof dialerSchema>;

export const seedAgentSchema = z.strictObject({
  id: int.positive(),
  userName: z.string().min(1),
  password: z.string().min(1),
  phone: z.string().regex(/^\d+$/, 'phone must be digits'),
  fullname: z.string().min(1),
  email: z.string().default(''),
  did: z.string().default(''),
  limite: int.default(0),
});
export type SeedAgent = z.infer<typeof seedAgentSchema>;

export const seedQueueMemberSchema = z.strictObject({
  membername: z.string().min(1),
  queueName: z.string().min(1),
  penalty: int.default(0),
  paused: int.default(0),
});

export const seedSchema = z
  .strictObject({
    apiUsers: z.array(z.strictObject({ user: z.string().min(1), password: z.string().min(1) })).min(1),
    agents: z.array(seedAgentSchema),
    campaigns: z.array(campaignSchema),
    dialers: z.array(dialerSchema),
    queueMembers: z.array(seedQueueMemberSchema).default([]),
    pbx: pbxSchema.prefault({}),
  })
  .superRefine((seed, ctx) => {
    const campaigns = new Set(seed.campaigns.map((c) => c.name));
    const agents = new Set(seed.agents.map((a) => a.userName));
    const phones = new Set<string>();
    for (const agent of seed.agents) {
      if (phones.has(agent.phone)) ctx.addIssue({ code: 'custom', message: `phone ${agent.phone} is used twice` });
      phones.add(agent.phone);
    }
    for (const dialer of seed.dialers) {
      if (!campaigns.has(dialer.campaign)) ctx.addIssue({ code: 'custom', message: `dialer of unknown campaign ${dialer.campaign}` });
    }
    for (const campaign of seed.pbx.transfersRefused) {
      if (!campaigns.has(campaign)) ctx.addIssue({ code: 'custom', path: ['pbx', 'transfersRefused'], message: `unknown campaign ${campaign}` });
    }
    for (const member of seed.queueMembers) {
      if (!campaigns.has(member.queueName) || !agents.has(member.membername)) {
        ctx.addIssue({ code: 'custom', message: `queue member ${member.membername} → ${member.queueName} names an unknown agent or campaign` });
      }
    }
  });
export type Seed = z.infer<typeof seedSchema>;
