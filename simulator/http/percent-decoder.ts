// Incremental decoding of a form-encoded value: `+` is a space and `%XX` a
// byte, with an escape allowed to straddle two chunks. Works on latin1 text
// (one char per byte) so the native regex engine does the scanning: this runs
// over every byte of a 200 MB upload.
export class PercentDecodeError extends Error {}

const escape = /%([0-9A-Fa-f]{2})/g;
/** Escapes of base64's own symbols, the bulk of an upload: replaced by native passes. */
const base64Escapes: [string, string][] = [['%2B', '+'], ['%2b', '+'], ['%2F', '/'], ['%2f', '/'], ['%3D', '='], ['%3d', '=']];
const brokenEscape = /%(?![0-9A-Fa-f]{2})/;
const byteChars = Array.from({ length: 256 }, (_, b) => String.fromCharCode(b));

function replace(_match: string, hex: string): string {
  return byteChars[parseInt(hex, 16)] as string;
}

/**
 * Each `%` of valid form text starts exactly one escape, so escapes never
 * overlap: the `+` pass goes first, the fixed escapes next (they yield no `%`),
 * and one general pass last.
 */
function decodeText(text: string): string {
  let out = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!out.includes('%')) return out;
  for (const [from, to] of base64Escapes) if (out.includes(from)) out = out.replaceAll(from, to);
  return out.includes('%') ? out.replace(escape, replace) : out;
}

export class PercentDecoder {
  /** the start of an escape cut by the chunk's end (`%` or `%X`) */
  #pending = '';

  decode(input: Uint8Array): Buffer {
    let text = this.#pending + Buffer.from(input.buffer, input.byteOffset, input.length).toString('latin1');
    const cut = text.lastIndexOf('%', text.length - 1);
    if (cut !== -1 && cut >= text.length - 2) {
      this.#pending = text.slice(cut);
      text = text.slice(0, cut);
    } else this.#pending = '';
    if (brokenEscape.test(text)) throw new PercentDecodeError('a % escape is not followed by two hex digits');
    return Buffer.from(decodeText(text), 'latin1');
  }

  end(): void {
    if (this.#pending) throw new PercentDecodeError('the value ends inside a % escape');
  }
}
