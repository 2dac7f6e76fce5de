// Form-encoded fields of a small body. When a key repeats, the first value
// counts (as a Java servlet's getParameter does).
export class FormFields {
  readonly #params: URLSearchParams;

  constructor(body: string) {
    this.#params = new URLSearchParams(body);
  }

  static from(entries: Iterable<[string, string]>): FormFields {
    const fields = new FormFields('');
    for (const [k, v] of entries) fields.#params.append(k, v);
    return fields;
  }

  /** The value as sent, or undefined when the key is absent. */
  get(name: string): string | undefined {
    return this.#params.get(name) ?? undefined;
  }

  /** The trimmed value when present and not empty. */
  required(name: string): string | undefined {
    const value = this.get(name)?.trim();
    return value ? value : undefined;
  }

  /** Every key once, with its first value. */
  toRecord(): Record<string, string> {
    const record: Record<string, string> = {};
    for (const [k, v] of this.#params) if (!(k in record)) record[k] = v;
    return record;
  }
}
