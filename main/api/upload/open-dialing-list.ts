import type { FileHandle } from 'node:fs/promises';
import { BadInputError } from '../errors';
import { openRegularFile, refusalWords } from '../files/regular-file';

// Every read of a dialing list (the analysis, each pass of the upload body)
// opens it here: without blocking (a FIFO never hangs the read), only a
// regular file, and never through a link as the file itself, so the name the
// caller checked (.csv/.txt for the page) is the name of what is read (issue
// 21, point 7). The list is then streamed from this handle, never read whole.
//
// A stream over a handle given a signal that is ALREADY aborted throws its
// AbortError twice, once uncaught (Node 20 and 22); readers check the signal
// before they make the stream (an abort during the stream is fine).

export interface OpenDialingList {
  readonly handle: FileHandle;
  readonly bytes: number;
}

/** The caller closes the handle. BadInputError in plain words when the file cannot be used. */
export async function openDialingList(path: string): Promise<OpenDialingList> {
  const opened = await openRegularFile(path, { links: 'refuse' });
  if (opened.ok) return { handle: opened.handle, bytes: opened.stat.size };
  const name = JSON.stringify(path);
  if (opened.problem === 'missing' || opened.problem === 'unreadable') {
    throw new BadInputError('uploadBase', `the file ${name} cannot be read (${opened.code})`);
  }
  throw new BadInputError('uploadBase', `the file ${name} cannot be used: ${refusalWords(opened)}`);
}
