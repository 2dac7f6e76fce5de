// Incremental, strict base64 decoding: only the standard alphabet, `=` only at
// the end, no whitespace (like Java's basic decoder; padding optional).
export class Base64DecodeError extends Error {}

const outsideAlphabet = /[^A-Za-z0-9+/=]/;
const onlyPadding = /^=*$/;

export class Base64StreamDecoder {
  /** up to three characters of an incomplete quantum */
  #carry = '';
  #padding = 0;
  #length = 0;

  /** Decodes what is complete so far; keeps up to three characters for the next call. */
  push(input: Uint8Array): Buffer {
    const text = Buffer.from(input.buffer, input.byteOffset, input.length).toString('latin1');
    const bad = outsideAlphabet.exec(text);
    if (bad) throw new Base64DecodeError(`the character code ${bad[0].charCodeAt(0)} is not base64`);
    const eq = this.#padding > 0 ? 0 : text.indexOf('=');
    if (eq !== -1) {
      const tail = text.slice(eq);
      if (!onlyPadding.test(tail)) throw new Base64DecodeError('characters after = padding');
      this.#padding += tail.length;
      if (this.#padding > 2) throw new Base64DecodeError('too much = padding');
    }
    this.#length += text.length;
    const all = this.#carry + text;
    const usable = all.length - (all.length % 4);
    this.#carry = all.slice(usable);
    return Buffer.from(all.slice(0, usable), 'base64');
  }

  /** The last bytes; throws when the text cannot be complete base64. */
  end(): Buffer {
    if (this.#padding > 0 && this.#length % 4 !== 0) throw new Base64DecodeError('padding in the wrong place');
    if (this.#length % 4 === 1) throw new Base64DecodeError('the base64 text is cut short');
    return Buffer.from(this.#carry, 'base64');
  }
}
