import { basename } from 'node:path';
import type { UploadBaseInput, UploadBaseResult } from './client-types';
import type { UploadOptions } from './client-options';
import { BadInputError } from './errors';
import { analyzeDialingList, NotTextListError } from './upload/analyze-dialing-list';
import type { DialingListAnalysis } from './upload/dialing-list-analysis';
import { uploadBody } from './upload/upload-body';

// Upload Base, prepared: validates the input, analyses the file (counting the
// records only when `cant` is not given) and offers a body factory that
// streams the file each time it is called (a retry reads it again).

export interface PreparedUpload {
  result: UploadBaseResult;
  body: (touch: () => void) => AsyncIterable<Buffer>;
}

export async function prepareUpload(input: UploadBaseInput, options: UploadOptions): Promise<PreparedUpload> {
  const campaign = input.campaign?.trim() ?? '';
  const username = input.username?.trim() ?? '';
  if (campaign === '') throw new BadInputError('uploadBase', 'the campaign is empty');
  if (username === '') throw new BadInputError('uploadBase', 'the user name (username) is empty');
  if (!input.file) throw new BadInputError('uploadBase', 'no file was given');
  if (input.cant !== undefined && (!Number.isInteger(input.cant) || input.cant < 0)) {
    throw new BadInputError('uploadBase', 'the record count (cant) must be a whole number, 0 or more');
  }
  const analysis: DialingListAnalysis = await analyzeDialingList(input.file, {
    headOnly: input.cant !== undefined,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const filename = input.filename?.trim() || basename(input.file);
  const cant = input.cant ?? analysis.records;
  const fields = new URLSearchParams([
    ['filename', filename],
    ['campaign', campaign],
    ['cant', String(cant)],
    ['username', username],
  ]);
  const body = (touch: () => void) =>
    uploadBody({
      path: input.file,
      encoding: analysis.encoding,
      fields,
      onBytesRead: (bytesRead) => {
        touch();
        options.onProgress?.({ bytesRead, totalBytes: analysis.bytes });
      },
      onBinary: () => new NotTextListError(input.file, 'nul'),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  return { result: { filename, campaign, cant, analysis }, body };
}
