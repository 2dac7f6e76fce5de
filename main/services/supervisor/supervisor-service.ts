// The supervisor area's service: administrative operations over the signed-in
// Integra client, with the API user's session as the gate. Files are read
// here in main, by path; their bytes never pass through the page.
import type { FileHandle } from 'node:fs/promises';
import { basename, extname, isAbsolute } from 'node:path';
import {
  type AddMembersRequest,
  type CampaignView,
  type CreatedAgent,
  type DialerRecordRequest,
  type DialerView,
  type ListCheck,
  type MemberPair,
  type PickedFile,
  type SessionView,
  type SupervisorInfo,
  type UploadListRequest,
  type UploadProgressEvent,
  type UploadResult,
} from '../../../common/ipc-contract';
import { queueMember, type CreateAgentInput } from '../../../common/domain';
import { analyzeDialingList } from '../../api';
import { openRegularFile } from '../../api/files/regular-file';
import { binaryKind } from '../../api/upload/sniff-head';
import { NotTextListError } from '../../api/upload/analyze-dialing-list';
import type { BinaryKind } from '../../../common/domain';
import { campaignView, dialerView } from './record-views';
import { spokenFailure } from '../spoken-failure';
import { normalisePhoneNumber, phoneNumberProblemKey, PROBLEM_PARAMS } from '../../../common/phone-number';
import { toSupervisorFailure } from './supervisor-failure';
import type { AnalyzeList, ListFileSource, SupervisorApi } from './supervisor-api';

export interface SupervisorDeps {
  session: { view(): SessionView; client(): SupervisorApi | null };
  files: ListFileSource;
  /** Default: the client's streaming analysis (main/api). */
  analyze?: AnalyzeList;
}

export interface SupervisorService {
  info(): SupervisorInfo;
  campaigns(): Promise<CampaignView[]>;
  dialers(): Promise<DialerView[]>;
  createAgent(input: CreateAgentInput): Promise<CreatedAgent>;
  addMembers(request: AddMembersRequest): Promise<MemberPair[]>;
  pickListFile(): Promise<PickedFile>;
  analyzeList(path: string): Promise<ListCheck>;
  uploadList(request: UploadListRequest): Promise<UploadResult>;
  addDialerRecord(request: DialerRecordRequest): Promise<{ campaign: string; destination: string }>;
  onUploadProgress(listener: (progress: UploadProgressEvent) => void): () => void;
}

export function createSupervisorService(deps: SupervisorDeps): SupervisorService {
  const analyze = deps.analyze ?? ((path: string) => analyzeDialingList(path));
  const progressListeners = new Set<(progress: UploadProgressEvent) => void>();
  /** Paths the open dialog returned (Electron); only these are read. */
  const pickedPaths = new Set<string>();
  /** Agents created in this session (this instance and API user), by phone number: the API cannot list agents. */
  const created = new Map<string, CreatedAgent>();
  let createdFor = '';
  const createdInThisSession = (): Map<string, CreatedAgent> => {
    const view = deps.session.view();
    const owner = `${view.instanceUrl ?? ''}|${view.apiUser ?? ''}`;
    if (owner !== createdFor) {
      created.clear();
      createdFor = owner;
    }
    return created;
  };

  function signedIn(): { api: SupervisorApi; apiUser: string } {
    const view = deps.session.view();
    const api = deps.session.client();
    if (view.state !== 'signed-in' || !view.apiUser || !api) {
      throw spokenFailure('not-signed-in', 'sup.err.needApiUser');
    }
    return { api, apiUser: view.apiUser };
  }

  /**
   * A list the signed-in supervisor may read: picked in the dialog (or an absolute path in browser
   * mode), a regular file that is not a link, named .csv or .txt. Checked on the opened file, so a
   * link named list.csv (to /etc/passwd, say) is refused, not previewed. A workbook or other binary
   * under another name is named as such (from its first bytes only), so the supervisor learns to
   * export it as CSV.
   */
  async function readablePath(path: string): Promise<{ file: string } | { file: string; binary: BinaryKind }> {
    const file = path.trim();
    const allowed = deps.files.kind === 'dialog' ? pickedPaths.has(file) : isAbsolute(file);
    if (!allowed) {
      throw spokenFailure('invalid-request', deps.files.kind === 'dialog' ? 'sup.err.pickFile' : 'sup.err.typePath', {}, 'path');
    }
    const opened = await openRegularFile(file, { links: 'refuse' });
    if (!opened.ok) {
      if (opened.problem === 'link') throw spokenFailure('invalid-request', 'sup.err.listLink', {}, 'path');
      if (opened.problem === 'not-a-file') throw spokenFailure('invalid-request', 'sup.err.listNotFile', {}, 'path');
      // Said here in the supervisor's language: the client's own words for it are English (open-dialing-list.ts).
      if (opened.problem === 'missing') throw spokenFailure('invalid-request', 'sup.err.listMissing', {}, 'path');
      if (opened.problem === 'unreadable') throw spokenFailure('invalid-request', 'sup.err.listUnreadableFile', { code: opened.code }, 'path');
      return { file }; // too large for a cap this open does not set: the analysis says so
    }
    try {
      if (opened.stat.size === 0) throw spokenFailure('invalid-request', 'sup.err.listEmpty', {}, 'path');
      // The name given is the file's own (not a link's), so its extension is the file's.
      if (LIST_EXTENSIONS.has(extname(file).toLowerCase())) return { file };
      const binary = binaryKind(await readHead(opened.handle));
      if (binary) return { file, binary };
    } finally {
      await opened.handle.close();
    }
    throw spokenFailure('invalid-request', 'sup.err.listType', {}, 'path');
  }

  return {
    info() {
      const view = deps.session.view();
      return { apiUser: view.state === 'signed-in' ? view.apiUser : null, filePicker: deps.files.kind === 'dialog' };
    },

    async campaigns() {
      const { api } = signedIn();
      try {
        return (await api.getCampaigns()).map(campaignView);
      } catch (error) {
        throw toSupervisorFailure(error, { key: 'sup.err.campaigns', params: {} });
      }
    },

    async dialers() {
      const { api } = signedIn();
      try {
        return (await api.getDialers()).map(dialerView);
      } catch (error) {
        throw toSupervisorFailure(error, { key: 'sup.err.dialers', params: {} });
      }
    },

    async createAgent(input) {
      const { api } = signedIn();
      const phone = input.phoneNumber.trim();
      const earlier = createdInThisSession().get(phone);
      if (earlier) {
        throw spokenFailure('invalid-request', 'sup.err.phoneCreatedHere', { phone, userName: earlier.userName }, 'phoneNumber');
      }
      try {
        await api.createAgent(input);
      } catch (error) {
        throw toSupervisorFailure(error, { key: 'sup.err.phoneTaken', params: {} }, 'phoneNumber');
      }
      const agent: CreatedAgent = { userName: input.userName.trim(), fullname: input.fullname.trim(), phoneNumber: phone };
      createdInThisSession().set(phone, agent);
      return agent;
    },

    async addMembers(request) {
      const { api } = signedIn();
      const pairs: MemberPair[] = request.campaigns.flatMap((campaign) =>
        request.agents.map((agent) => ({ membername: agent.membername, phone: agent.phone, campaign })),
      );
      try {
        await api.addAgentsToCampaigns(pairs.map((p) => queueMember(p.membername, p.phone, p.campaign)));
      } catch (error) {
        throw toSupervisorFailure(error, { key: 'sup.err.members', params: { count: String(pairs.length) } });
      }
      return pairs;
    },

    async pickListFile() {
      if (deps.files.kind !== 'dialog') return { status: 'unavailable' };
      const path = await deps.files.pick();
      if (path === null) return { status: 'cancelled' };
      pickedPaths.add(path);
      return { status: 'picked', path };
    },

    async analyzeList(path) {
      signedIn();
      const checked = await readablePath(path);
      const file = checked.file;
      if ('binary' in checked) return { status: 'binary', fileName: basename(file), binary: checked.binary };
      try {
        const analysis = await analyze(file);
        return { status: 'text', analysis: { path: file, fileName: basename(file), ...analysis } };
      } catch (error) {
        if (error instanceof NotTextListError) return { status: 'binary', fileName: basename(file), binary: error.binary };
        throw toSupervisorFailure(error, { key: 'sup.err.listUnreadable', params: {} }, 'path');
      }
    },

    async uploadList(request) {
      // A binary file is refused by the client before any request (main/api).
      const { api, apiUser } = signedIn();
      const { file } = await readablePath(request.path);
      let sent = -1;
      const emit = (bytesRead: number, totalBytes: number) => {
        // About a hundred events per upload, whatever its size.
        if (bytesRead < totalBytes && sent >= 0 && bytesRead - sent < totalBytes / 100) return;
        sent = bytesRead;
        for (const listener of [...progressListeners]) listener({ uploadId: request.uploadId, bytesRead, totalBytes });
      };
      try {
        const result = await api.uploadBase(
          { file, campaign: request.campaign, username: apiUser },
          { onProgress: ({ bytesRead, totalBytes }) => emit(bytesRead, totalBytes) },
        );
        return { fileName: result.filename, campaign: result.campaign, cant: result.cant };
      } catch (error) {
        throw toSupervisorFailure(error, { key: 'sup.err.upload', params: { campaign: request.campaign } });
      }
    },

    async addDialerRecord(request) {
      const { api } = signedIn();
      // The platform refuses a destination that is not a number with a bare `0`; said here, beside the field,
      // and "099 123 456" as people write it is sent as the digits the platform dials.
      const number = normalisePhoneNumber(request.destination);
      if (!number.ok) throw spokenFailure('invalid-request', phoneNumberProblemKey(number.problem), PROBLEM_PARAMS, 'destination');
      if (number.value.extension !== undefined) throw spokenFailure('invalid-request', 'sup.err.recordExtension', { extension: number.value.extension }, 'destination');
      const destination = number.value.number;
      try {
        await api.addRecordToDialer({
          campaign: request.campaign,
          destination,
          alternatives: request.alternatives,
          agent: request.agent,
          // Several pairs joined with ';' as the bulk CLI does (the spec shows one pair).
          data: request.data.map((row) => `${row.key.trim()}=${row.value.trim()}`).join(';'),
          calldate: request.calldate,
          source: request.source,
          bulk: request.bulk,
          automatic: request.automatic,
        });
      } catch (error) {
        throw toSupervisorFailure(error, { key: 'sup.err.dialerRecord', params: { campaign: request.campaign } });
      }
      return { campaign: request.campaign, destination };
    },

    onUploadProgress(listener) {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },
  };
}

const LIST_EXTENSIONS = new Set(['.csv', '.txt']);

/** The first bytes of a file (enough to recognise a workbook). */
async function readHead(handle: FileHandle): Promise<Uint8Array> {
  const { buffer, bytesRead } = await handle.read(Buffer.alloc(8), 0, 8, 0);
  return buffer.subarray(0, bytesRead);
}

