// English texts of transfers and three-way calls (issue 22; spread into en.ts).
export const transferEn = {
  'transfer.open': 'Transfer',
  'transfer.title': 'Transfer the call',
  'transfer.search': 'Name, extension or number',
  'transfer.search.hint': 'Type to filter. ↑ ↓ choose, Enter transfers now, Ctrl+Enter talks to them first.',
  'transfer.list': 'Where to',
  'transfer.source.campaign': 'Campaign',
  'transfer.source.directory': 'Directory',
  'transfer.source.recent': 'Recent',
  'transfer.source.typed': 'Typed',
  'transfer.none': 'Nothing matches.',
  'transfer.problem.empty': 'Type a name, an extension or a number.',
  'transfer.problem.malformed': 'That is neither an extension (up to 5 digits) nor a phone number (6 to 20 digits).',
  'transfer.problem.not-in-directory': 'Your IT department allows transfers only to the directory and to this call’s campaigns.',
  'transfer.blind': 'Transfer now',
  'transfer.consult': 'Talk to them first',
  'transfer.cancel': 'Cancel',
} as const;
