// The supervisor area's part of the contract (issue 5): campaigns and dialers
// with their parsed fields, Create Agent, Add Agent to Campaign, dialing-list
// analysis and upload (by path, never the file's bytes), Add Record to Dialer.
import { z } from 'zod';
import { BINARY_KINDS, CreateAgentInputSchema, DATE_TIME_RE } from '../domain';

/** A platform text field with its parsed value beside it (see common/domain/field-format.ts). */
const formatted = <T extends z.ZodType>(parsed: T) => z.object({ raw: z.string(), parsed: parsed.nullable(), known: z.boolean() });

const scheduleSchema = z.object({ days: z.string(), from: z.string(), to: z.string() });
const dialstringSchema = z.object({ tech: z.string(), trunk: z.string(), number: z.string() });
/** The raw record as the platform sent it (JSON values only). */
const rawRecordSchema = z.record(z.string(), z.unknown());

export const campaignViewSchema = z.object({
  name: z.string(),
  direction: formatted(z.object({ direction: z.enum(['inbound', 'outbound']), baseName: z.string() })),
  schedule: formatted(scheduleSchema),
  thresholds: formatted(z.array(z.number())),
  form: formatted(z.object({ name: z.string(), flag: z.boolean() })),
  dialstring: formatted(dialstringSchema),
  record: rawRecordSchema,
});
export type CampaignView = z.infer<typeof campaignViewSchema>;

export const dialerViewSchema = z.object({
  campaign: z.string(),
  schedule: formatted(scheduleSchema),
  dialstring: formatted(dialstringSchema),
  recycle: formatted(z.array(z.unknown())),
  variables: formatted(z.array(z.object({ key: z.string(), value: z.string() }))),
  schedulephones: formatted(z.array(z.object({ hour: z.number(), letters: z.string() }))),
  record: rawRecordSchema,
});
export type DialerView = z.infer<typeof dialerViewSchema>;

export const supervisorInfoSchema = z.object({
  /** The API user signed in with Client Authentication, or null (supervisor tools unavailable). */
  apiUser: z.string().nullable(),
  /** True when main offers a native open dialog (Electron); else the list's path is typed. */
  filePicker: z.boolean(),
});
export type SupervisorInfo = z.infer<typeof supervisorInfoSchema>;

export const createdAgentSchema = z.object({ userName: z.string(), fullname: z.string(), phoneNumber: z.string() });
export type CreatedAgent = z.infer<typeof createdAgentSchema>;

const agentRefSchema = z
  .object({
    membername: z.string().trim().min(1, 'the agent user name is empty').max(128),
    phone: z.string().trim().regex(/^\+?[0-9]{2,20}$/, 'the phone number must be digits only'),
  })
  .strict();
export type AgentRef = z.infer<typeof agentRefSchema>;

export const addMembersRequestSchema = z
  .object({
    agents: z.array(agentRefSchema).min(1, 'pick at least one agent').max(200),
    campaigns: z.array(z.string().trim().min(1).max(256)).min(1, 'pick at least one campaign').max(200),
  })
  .strict();
export type AddMembersRequest = z.infer<typeof addMembersRequestSchema>;

export const memberPairSchema = z.object({ membername: z.string(), phone: z.string(), campaign: z.string() });
export type MemberPair = z.infer<typeof memberPairSchema>;

/** A path on the machine running main; in Electron it must come from the open dialog. */
const listPathSchema = z.object({ path: z.string().trim().min(1, 'choose a file').max(4096) }).strict();

export const pickedFileSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('picked'), path: z.string() }),
  z.object({ status: z.literal('cancelled') }),
  z.object({ status: z.literal('unavailable') }),
]);
export type PickedFile = z.infer<typeof pickedFileSchema>;

export const listAnalysisSchema = z.object({
  path: z.string(),
  fileName: z.string(),
  encoding: z.enum(['utf-8', 'utf-8-bom', 'windows-1252']),
  delimiter: z.string(),
  records: z.number().int(),
  hasHeader: z.boolean(),
  firstRows: z.array(z.array(z.string())),
  bytes: z.number().int().nonnegative(),
  /** Rows whose fields do not match the first row's (main/api/upload/dialing-list-analysis.ts); null when not read to the end. */
  unevenRows: z.object({ fields: z.number().int().nonnegative(), count: z.number().int().nonnegative(), lines: z.array(z.number().int().positive()).max(5) }).nullable(),
});
export type ListAnalysis = z.infer<typeof listAnalysisSchema>;

/** A text list, or a binary file (xlsx, zip, NUL bytes) refused before any upload. */
export const listCheckSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('text'), analysis: listAnalysisSchema }),
  z.object({ status: z.literal('binary'), fileName: z.string(), binary: z.enum(BINARY_KINDS) }),
]);
export type ListCheck = z.infer<typeof listCheckSchema>;

export const uploadListRequestSchema = z
  .object({
    path: z.string().trim().min(1, 'choose a file').max(4096),
    campaign: z.string().trim().min(1, 'choose a campaign').max(256),
    /** Echoed in progress events so the page knows which upload they are about. */
    uploadId: z.string().min(1).max(64),
  })
  .strict();
export type UploadListRequest = z.infer<typeof uploadListRequestSchema>;

export const uploadResultSchema = z.object({ fileName: z.string(), campaign: z.string(), cant: z.number().int() });
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const uploadProgressSchema = z.object({
  uploadId: z.string(),
  bytesRead: z.number().nonnegative(),
  totalBytes: z.number().nonnegative(),
});
export type UploadProgressEvent = z.infer<typeof uploadProgressSchema>;

export const dialerRecordRequestSchema = z
  .object({
    campaign: z.string().trim().min(1, 'choose a campaign').max(256),
    destination: z.string().trim().min(1, 'enter the number to dial').max(64),
    alternatives: z.string().trim().max(512),
    agent: z.string().trim().max(64),
    /** key=value rows; joined for the platform by main. */
    data: z.array(z.object({ key: z.string().trim().min(1, 'a data row has no name').max(128), value: z.string().max(1024) }).strict()).max(50),
    /** null = as soon as possible. */
    calldate: z.string().regex(DATE_TIME_RE, 'the call date must be YYYY-MM-DD hh:mm:ss').nullable(),
    source: z.string().trim().max(128),
    bulk: z.boolean(),
    automatic: z.boolean(),
  })
  .strict();
export type DialerRecordRequest = z.infer<typeof dialerRecordRequestSchema>;

const empty = z.object({}).strict();

export const supervisorRequests = {
  'supervisor.info': { request: empty, reply: supervisorInfoSchema },
  'supervisor.campaigns': { request: empty, reply: z.object({ campaigns: z.array(campaignViewSchema) }) },
  'supervisor.dialers': { request: empty, reply: z.object({ dialers: z.array(dialerViewSchema) }) },
  'supervisor.createAgent': { request: CreateAgentInputSchema.extend({ password: z.string().min(1).max(256) }).strict(), reply: createdAgentSchema },
  'supervisor.addMembers': { request: addMembersRequestSchema, reply: z.object({ added: z.array(memberPairSchema) }) },
  'supervisor.pickListFile': { request: empty, reply: pickedFileSchema },
  'supervisor.analyzeList': { request: listPathSchema, reply: listCheckSchema },
  'supervisor.uploadList': { request: uploadListRequestSchema, reply: uploadResultSchema },
  'supervisor.addDialerRecord': { request: dialerRecordRequestSchema, reply: z.object({ campaign: z.string(), destination: z.string() }) },
} as const;

export const supervisorEvents = {
  'supervisor.uploadProgress': uploadProgressSchema,
} as const;
