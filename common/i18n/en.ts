// English texts of the UI. The keys of this dictionary are the type every
// other language must fill (see es.ts).
import { supervisorEn } from './supervisor-en';
import { callsEn } from './calls-en';
import { workstationEn } from './workstation-en';
import { errorsEn } from './errors-en';
import { desktopEn } from './desktop-en';
import { numbersEn } from './numbers-en';
import { phoneEn } from './phone-en';
import { firstEn } from './first-en';
import { shiftEn } from './shift-en';
import { iceEn } from './ice-en';
import { qualityEn } from './quality-en';
import { checkEn } from './check-en';
import { transferEn } from './transfer-en';

export const en = {
  'app.title': 'Agent Softphone',
  'app.loading': 'Starting…',
  'bridge.lost': 'Lost contact with the app. Reload the page or restart the app.',

  'dateTime.said': 'That is {when}.',
  'dateTime.saidPast': 'That is {when}, which has passed.',
  'language.label': 'Language',
  'language.es': 'Español',
  'language.en': 'English',

  'signIn.heading': 'Sign in',
  'signIn.subtitle': 'Use your agent user and password of the contact center.',
  'signIn.instanceUrl': 'Instance address',
  'signIn.instanceUrl.hint': 'For example https://yourcompany.ucontactcloud.com',
  'signIn.agent': 'Agent user',
  'signIn.password': 'Password',
  'signIn.password.remembered': 'Saved password (leave empty to use it)',
  'signIn.remember': 'Remember me on this computer',
  'signIn.advanced': 'Advanced',
  'signIn.apiUser': 'API user (supervisors)',
  'signIn.apiPassword': 'API user password',
  'signIn.caFile': 'CA certificate file (PEM)',
  'signIn.caFile.hint': 'Only for instances with a private certificate authority.',
  'signIn.caFile.fixedHint': "In the browser version the CA file is set when the app starts (npm start -- --ca-file <file>) or by IT's policy file.",
  'signIn.sipUrl': 'SIP WebSocket address',
  'signIn.sipUrl.hint': 'Leave empty to use wss://<host>:8089/ws.',
  'signIn.submit': 'Sign in',
  'signIn.submitting': 'Signing in…',
  'signIn.savedDataProblem': 'There was a problem with the saved data.',
  'signIn.memoryOnly.unavailable': 'This computer offers no secure storage: your password and session are kept in memory only and forgotten when the app closes.',
  'signIn.memoryOnly.basic-text': 'The system keyring is not available (basic_text): your password and session are kept in memory only and forgotten when the app closes.',
  'signIn.memoryOnly.browser-mode': 'Browser mode: your password and session are kept in memory only.',
  'signIn.memoryOnly.policy': 'Sessions are kept in memory only, as set in the settings.',
  'signIn.role': 'Sign in as',
  'signIn.role.agent': 'Agent',
  'signIn.role.agent.hint': 'Phone and calls',
  'signIn.role.supervisor': 'Supervisor',
  'signIn.role.supervisor.hint': 'API user only, no phone',
  'signIn.subtitle.supervisor': 'Use the API user and password of the contact center. The supervisor area opens; no phone is started.',
  'signIn.supervisorApiUser': 'API user',
  'signIn.supervisorApiPassword': 'API password',
  'header.supervisorOnly': 'Supervisor · no phone',

  'error.wrong-credentials': 'Wrong user or password.',
  'error.instance-unreachable': 'The platform cannot be reached.',
  'error.tls-failure': 'The instance’s certificate is not trusted. Check the address, or add its CA certificate under Advanced.',
  'error.platform-error': 'The platform answered with an error.',
  'error.invalid-request': 'Please check this value.',
  'error.not-signed-in': 'You are not signed in.',
  'error.busy': 'Please wait: another sign-in or sign-out is under way.',
  'error.settings-failure': 'The settings could not be saved.',
  'error.forbidden-sender': 'The request was refused.',
  'error.unknown-channel': 'The request is not supported.',
  'error.internal': 'Something went wrong inside the app.',
  'error.details': 'Details',

  'header.extension': 'Ext. {extension}',
  'header.connection': 'Connection',
  'connection.online': 'Connected',
  'connection.offline': 'Offline',
  'connection.unknown': 'Connecting',
  'connection.phone-offline': 'Phone offline',
  'connection.api-offline': 'Phone connected · platform offline',

  'signedIn.welcome': 'Welcome, {name}.',
  'signedIn.ready': 'You are signed in as {agent} on {instance}.',
  'signedIn.apiUser': 'Supervisor tools available as {apiUser}.',

  'signOut.button': 'Sign out',
  'signOut.title': 'Sign out',
  'signOut.message': 'Message for the platform (optional)',
  'signOut.message.hint': 'For example: end of shift, break, meeting.',
  'signOut.confirm': 'Sign out',
  'signOut.cancel': 'Cancel',
  'signOut.submitting': 'Signing out…',
  ...supervisorEn,
  ...callsEn,
  ...workstationEn,
  ...errorsEn,
  ...desktopEn,
  ...numbersEn,
  ...phoneEn,
  ...firstEn,
  ...shiftEn,
  ...iceEn,
  ...qualityEn,
  ...checkEn,
  ...transferEn,
} as const;

export type MessageKey = keyof typeof en;
