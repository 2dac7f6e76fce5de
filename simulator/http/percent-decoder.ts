// Incremental decoding of a form-encoded value: `+` is a space and `%XX` a
// byte, with an escape allowed to straddle two chunks.
export class PercentDecodeError extends Error {}

const hexValue = new Int8Array(256).fill(-1);
for (let i = 0; i < 10; i++) hexValue[0x30 + i] = i;
for (let i = 0; i < 6; i++) {
  hexValue[0x41 + i] = 10 + i;
  hexValue[0x61 + i] = 10 + i;
}

export class PercentDecoder {
  /** 0: plain; 1: after `%`; 2: after `%X` */
  #state = 0;
  #high = 0;

  decode(input: Uint8Array): Buffer {
    const out = Buffer.allocUnsafe(input.length);
    let o = 0;
    for (let i = 0; i < input.length; i++) {
      const b = input[i] as number;
      if (this.#state === 0) {
        if (b === 0x25) this.#state = 1;
        else out[o++] = b === 0x2b ? 0x20 : b;
        continue;
      }
      const h = hexValue[b] as number;
      if (h < 0) throw new PercentDecodeError('a % escape is not followed by two hex digits');
      if (this.#state === 1) {
        this.#high = h;
        this.#state = 2;
      } else {
        out[o++] = this.#high * 16 + h;
        this.#state = 0;
      }
    }
    return out.subarray(0, o);
  }

  end(): void {
    if (this.#state !== 0) throw new PercentDecodeError('the value ends inside a % escape');
  }
}
