// Writes the decoded text of an uploaded list to its file as it arrives,
// counting records and refusing binary content. Only small state stays in memory.
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { binaryFormatOf, sniffBytes } from './binary-sniff';
import { RowCounter } from './row-counter';

export class ListWriter {
  readonly #file: WriteStream;
  readonly #rows = new RowCounter();
  #head = Buffer.alloc(0);
  #bytes = 0;
  /** why the content was refused; set once, then writes are ignored */
  failure: string | undefined;

  constructor(readonly path: string, readonly maxBytes: number) {
    this.#file = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  }

  async write(chunk: Buffer): Promise<void> {
    if (this.failure || chunk.length === 0) return;
    if (this.#head.length < sniffBytes) {
      this.#head = Buffer.concat([this.#head, chunk.subarray(0, sniffBytes - this.#head.length)]);
      const format = binaryFormatOf(this.#head);
      if (format) return this.fail(`the content is ${format}, not text`);
    }
    if (chunk.includes(0)) return this.fail('the content holds NUL bytes, so it is not text');
    this.#bytes += chunk.length;
    if (this.#bytes > this.maxBytes) return this.fail(`the content is larger than ${this.maxBytes} bytes`);
    this.#rows.push(chunk);
    if (!this.#file.write(chunk)) await once(this.#file, 'drain');
  }

  fail(reason: string): void {
    this.failure ??= reason;
  }

  /** Closes the file; counts when the content was fine. */
  async finish(): Promise<{ bytes: number; lines: number; records: number; hasHeader: boolean }> {
    await this.#close();
    return { bytes: this.#bytes, ...this.#rows.result() };
  }

  async discard(): Promise<void> {
    await this.#close();
    await rm(this.path, { force: true });
  }

  async #close(): Promise<void> {
    if (this.#file.closed) return;
    this.#file.end();
    await once(this.#file, 'close');
  }
}
