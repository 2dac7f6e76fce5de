// 6. Upload Base: the body is parsed as a stream; `fileb64` is percent- and
// base64-decoded chunk by chunk into a file of this run's data dir while its
// records are counted. Content that is not base64 of text is refused.
import { randomBytes } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { Base64DecodeError, Base64StreamDecoder } from '../http/base64-decoder';
import { parseFormStream } from '../http/form-stream';
import { ListWriter } from '../lists/list-writer';
import { refuse, success, type Operation, type OperationResult } from './operation';

export const uploadLimits = {
  /** decoded list text */
  maxListBytes: 1024 ** 3,
  /** the whole body as sent: base64 (4/3) plus percent escapes of + and / */
  maxBodyBytes: 2 * 1024 ** 3,
  maxSmallBytes: 64 * 1024,
};

export const uploadBase: Operation = {
  id: 'uploadBase',
  authorized: true,
  body: 'stream',
  async handle(req, { state, dataDir }) {
    const dir = join(dataDir, 'lists');
    await mkdir(dir, { recursive: true });
    const writer = new ListWriter(join(dir, `upload-${randomBytes(6).toString('hex')}.part`), uploadLimits.maxListBytes);
    const decoder = new Base64StreamDecoder();
    const feed = async (bytes: () => Buffer): Promise<void> => {
      if (writer.failure) return;
      try {
        await writer.write(bytes());
      } catch (error) {
        if (!(error instanceof Base64DecodeError)) throw error;
        writer.fail(`fileb64 is not base64: ${error.message}`);
      }
    };
    let result: OperationResult;
    try {
      const { fields, streamed } = await parseFormStream(req, {
        streamed: { fileb64: () => ({ write: (chunk) => feed(() => decoder.push(chunk)), end: () => feed(() => decoder.end()) }) },
        maxSmallBytes: uploadLimits.maxSmallBytes,
        maxTotalBytes: uploadLimits.maxBodyBytes,
      });
      const filename = fields.required('filename');
      const campaign = fields.required('campaign');
      const username = fields.required('username');
      const cantText = fields.required('cant');
      const counted = await writer.finish();
      if (!filename || !campaign || !username || !cantText) result = refuse('missing one of filename, campaign, cant, username');
      else if (!streamed.has('fileb64') || counted.bytes === 0) result = refuse(writer.failure ?? 'fileb64 missing or empty');
      else if (writer.failure) result = refuse(writer.failure);
      else if (!/\.(csv|txt)$/i.test(filename)) result = refuse('filename is not a .csv or .txt file');
      else if (!/^\d+$/.test(cantText)) result = refuse('cant is not a whole number');
      else if (!state.campaign(campaign)) result = refuse(`unknown campaign ${campaign}`);
      else {
        const safeName = filename.replace(/[^\w.-]+/g, '_').slice(-80);
        const list = state.addList({
          filename, campaign, username, cant: Number(cantText), ...counted,
          path: writer.path, receivedAt: new Date().toISOString(),
        });
        list.path = join(dir, `list-${list.id}-${safeName}`);
        await rename(writer.path, list.path);
        return success('1');
      }
    } catch (error) {
      result = refuse(`the body could not be read: ${(error as Error).message}`);
    }
    await writer.discard();
    return result;
  },
};
