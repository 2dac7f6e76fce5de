// English texts for a number or a dial link that cannot be dialled
// (common/phone-number.ts, common/dial-link.ts; spread into en.ts).
export const numbersEn = {
  'number.problem.empty': 'There is no number to dial.',
  'number.problem.letters': 'The number contains letters; use digits only.',
  'number.problem.invalid-character': 'The number contains a character that cannot be dialled; use digits, spaces, dashes and a leading +.',
  'number.problem.misplaced-plus': 'A + may only appear at the start of the number.',
  'number.problem.too-short': 'The number is too short; it needs at least {min} digits.',
  'number.problem.too-long': 'The number is too long; it may have at most {max} digits.',
  'number.problem.invalid-extension': 'The extension must be one group of up to {extensionMax} digits.',

  'dialLink.problem.unsupported-scheme': 'This link is not a phone link; only tel:, callto: and sip: links can be dialled.',
  'dialLink.problem.malformed-encoding': 'The link is damaged (bad %-encoding or control characters); copy the number by hand.',
  'dialLink.problem.not-a-number': 'The SIP link names a person or device, not a phone number; dial the number instead.',
  'dialLink.problem.link-too-long': 'The link is too long to be a phone number.',
} as const;
