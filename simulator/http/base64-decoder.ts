// Incremental, strict base64 decoding: only the standard alphabet, `=` only at
// the end, no whitespace (like Java's basic decoder; padding optional).
export class Base64DecodeError extends Error {}

const alphabet = new Uint8Array(256);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/') alphabet[c.charCodeAt(0)] = 1;
const PAD = 0x3d;

export class Base64StreamDecoder {
  #carry: Buffer = Buffer.alloc(0);
  #padding = 0;
  #length = 0;

  /** Decodes what is complete so far; keeps up to three characters for the next call. */
  push(input: Uint8Array): Buffer {
    for (let i = 0; i < input.length; i++) {
      const b = input[i] as number;
      if (b === PAD) {
        if (++this.#padding > 2) throw new Base64DecodeError('too much = padding');
      } else if (this.#padding > 0 || alphabet[b] !== 1) {
        throw new Base64DecodeError(this.#padding > 0 ? 'characters after = padding' : `the character code ${b} is not base64`);
      }
    }
    this.#length += input.length;
    const all = this.#carry.length ? Buffer.concat([this.#carry, input]) : Buffer.from(input.buffer, input.byteOffset, input.length);
    const usable = all.length - (all.length % 4);
    this.#carry = Buffer.from(all.subarray(usable));
    return usable ? Buffer.from(all.toString('latin1', 0, usable), 'base64') : Buffer.alloc(0);
  }

  /** The last bytes; throws when the text cannot be complete base64. */
  end(): Buffer {
    if (this.#padding > 0 && this.#length % 4 !== 0) throw new Base64DecodeError('padding in the wrong place');
    if (this.#length % 4 === 1) throw new Base64DecodeError('the base64 text is cut short');
    return this.#carry.length ? Buffer.from(this.#carry.toString('latin1'), 'base64') : Buffer.alloc(0);
  }
}
