// What a file given as a dialing list can be when it is not text: the client
// finds it from the first bytes (main/api/upload/sniff-head.ts), and the
// supervisor's screen says each kind in her language.

export const BINARY_KINDS = ['zip', 'office', 'pdf', 'utf16', 'nul'] as const;
export type BinaryKind = (typeof BINARY_KINDS)[number];
