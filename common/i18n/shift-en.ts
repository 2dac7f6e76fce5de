// English texts of the agent's shift (issue 12): the call bar, the ring
// announced, notes during a call, sign-out during a call. Spread into en.ts.
export const shiftEn = {
  'shift.notes': 'Notes',
  'shift.notes.hint': 'They become the comment of this call\'s disposition.',
  'shift.bar.label': 'Current call',
  'shift.bar.ringing': 'Incoming call',
  'shift.bar.waiting': 'Another call is ringing',
  'shift.bar.inCall': 'In a call',
  'shift.bar.held': 'On hold',
  'shift.bar.answerWaiting': 'Hold and answer',
  'shift.shortcut.answer': 'Ctrl+Alt+Enter',
  'shift.shortcut.hint': 'or {keys}',
  'shift.announce.ringing': 'Incoming call from {caller}{campaign}. Answer with Ctrl+Alt+Enter.',
  'shift.announce.campaign': ', campaign {campaign}',
  'shift.title.ringing': '☎ {caller} — {app}',
  'shift.dialog.ringing': 'Incoming call from {caller}',
  'shift.signOut.inCall': 'A call is in progress. Signing out ends it.',
  'shift.signOut.backToCall': 'Back to the call',
  'shift.signOut.hangUpAndSignOut': 'Hang up and sign out',
} as const;
