// English texts of the first ten minutes (issue 12): an old tab after a
// restart, requests that never came back, and refused requests named in the
// user's words (the request's name and the form's field label, never the
// channel or the field's code name). Spread into en.ts.
export const firstEn = {
  'first.staleTab.heading': 'This tab belongs to an earlier run of the app',
  'first.staleTab.body': 'The app was started again since this tab was opened, and this tab cannot reach it any more (reloading it will not help). Close this tab and use the window the app opened; without one, open the address the app printed when it started.',
  'first.bridge.lostDetail': 'No contact with the app: the state shown may be out of date.',

  'first.err.noReply': '{request}: the app did not answer within {seconds} s; it may have stopped. If nothing happens, reload the page or restart the app.',
  'first.err.bridgeClosed': '{request}: the connection to the app was lost before it answered. Reload the page or restart the app.',
  'first.err.invalidField': '{request}: the field {label} {fieldProblem}. Correct it and try again.',
  'first.err.invalidRequest': '{request}: the app could not read the request. Try again; if it keeps failing, restart the app.',
  'first.err.internal': '{request} failed unexpectedly inside the app. Try again; if it keeps failing, restart the app.',

  // The upload form offers one campaign (a single choice), not "at least one" as the members form does.
  'first.upload.pickCampaign': 'Choose the campaign to upload the list to.',

  'first.record.pickCampaign': 'Choose the campaign whose dialer gets the record.',

  'ipc.problem.empty': 'is empty',
  'ipc.problem.tooLong': 'is too long',
  'ipc.problem.format': 'is not in the expected form',
  'ipc.problem.invalid': 'is not valid',

  'field.unknown': 'one of the fields',

  'request.unknown': 'The request',
  'request.settings.get': 'Reading the settings',
  'request.settings.update': 'Saving the settings',
  'request.settings.setIceCredential': 'Saving the TURN server\'s credential',
  'request.session.get': 'Reading the session',
  'request.session.signIn': 'Sign in',
  'request.session.signOut': 'Sign out',
  'request.supervisor.info': 'Reading the supervisor tools',
  'request.supervisor.campaigns': 'Listing the campaigns',
  'request.supervisor.dialers': 'Listing the dialers',
  'request.supervisor.createAgent': 'Create agent',
  'request.supervisor.addMembers': 'Add agents to campaigns',
  'request.supervisor.pickListFile': 'Choosing the list file',
  'request.supervisor.analyzeList': 'Checking the list',
  'request.supervisor.uploadList': 'Uploading the list',
  'request.supervisor.addDialerRecord': 'Add a record to a dialer',
  'request.calls.setup': 'Reading the campaigns to call through',
  'request.calls.makeCall': 'Placing the call',
  'request.calls.hangUp': 'Hanging up',
  'request.calls.submitDisposition': 'Recording the disposition',
  'request.calls.outboxStatus': 'Reading the dispositions waiting to be sent',
  'request.calls.pendingWrapUps': 'Reading the calls waiting for a disposition',
  'request.calls.keepWrapUp': 'Keeping the disposition draft',
  'request.calls.openForm': 'Opening the campaign form',
  'request.calls.recordFinished': 'Keeping the call in the recent calls',
  'request.calls.recentCalls': 'Reading the recent calls',
  'request.calls.qualityTimeline': 'Reading the call\'s quality record',
  'request.calls.myCallbacks': 'Reading my callbacks',
  'request.calls.callbackDone': 'Marking the callback done',
  'request.calls.discardWrapUp': 'Discarding the disposition draft',
  'request.calls.parkedDispositions': 'Reading the set-aside dispositions',
  'request.calls.retryParked': 'Sending a set-aside disposition again',
  'request.calls.missedCalls': 'Reading the missed calls',
  'request.calls.recordMissed': 'Keeping a missed call',
  'request.calls.dismissMissed': 'Dismissing the missed calls',
  'request.workstation.phoneStatus': 'Reporting the phone\'s state',
  'request.workstation.log': 'Writing to the app\'s log',
  'request.workstation.diagnostics': 'Collecting the diagnostics',
  'request.workstation.diagnosticsBundle': 'Making the diagnostics file',
  'request.phone.waitSipReachable': 'Waiting for the phone\'s server',
  'request.phone.reregistered': 'Reporting the phone back online',
} as const;
