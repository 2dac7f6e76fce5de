// Failures main raises itself (sign-in form checks, CA file, supervisor and
// calls preconditions, the bridge's own refusals) carry `say`: its English is the old message word for
// word, its Spanish is spoken with every placeholder filled.
import { describe, expect, it } from 'vitest';
import type { MessageKey } from '../../common/i18n';
import { speak } from '../../common/i18n/say';
import { spokenFailure } from '../../main/services/spoken-failure';

const CASES: readonly [MessageKey, Record<string, string>, string][] = [
  ['session.err.busySignIn', {}, 'Already signed in (or signing in or out). Sign out first.'],
  ['session.err.busySignOut', {}, 'Signing in or out is already under way; wait a moment.'],
  ['session.err.noInstance', {}, 'Enter the address of your instance (for example https://yourcompany.ucontactcloud.com).'],
  ['session.err.noAgent', {}, 'Enter your agent user, or sign in as a supervisor with the API user.'],
  ['session.err.noPassword', {}, 'Enter your password.'],
  ['session.err.noApiPasswordOrEmpty', {}, 'Enter the API user\'s password, or leave the API user empty.'],
  ['session.err.noApiPassword', {}, 'Enter the API user\'s password.'],
  ['session.err.agentRecord', {}, 'Agent Authentication answered an agent record without the fields the phone needs (name, host, md5secret, token).'],
  ['session.err.caUnreadable', { path: '/tmp/ca.pem', code: 'ENOENT' }, 'The CA certificate file /tmp/ca.pem could not be read (ENOENT). Choose a PEM file that exists.'],
  ['session.err.caNotPem', { path: '/tmp/ca.pem' }, 'The file /tmp/ca.pem holds no PEM certificate ("-----BEGIN CERTIFICATE-----"). Choose the CA certificate in PEM format.'],
  ['sup.err.needApiUser', {}, 'Supervisor tools need an API user. Sign out, then sign in again with the API user and its password under Advanced.'],
  ['sup.err.pickFile', {}, 'Choose the list with the "Choose file" button; the app only reads files picked there.'],
  ['sup.err.typePath', {}, 'Type the full path of the list on this computer (for example /home/me/list.csv).'],
  ['sup.err.phoneCreatedHere', { phone: '1999', userName: 'e2e.agent' }, 'The phone number 1999 is already in use: you created e2e.agent with it in this session. Choose another phone number.'],
  ['calls.err.signInFirst', {}, 'Sign in first: calls need a signed-in agent.'],
  ['calls.err.noDid', { campaign: 'Manual->' }, 'The campaign Manual-> has no DID to call from (or no longer exists). Choose another campaign.'],
  ['calls.err.dispositionUnsaved', { detail: 'EROFS: read-only file system' }, 'The disposition was not saved: EROFS: read-only file system'],
  ['calls.err.journalUnopened', { dir: '/data/outbox', detail: 'EACCES' }, 'The dispositions journal in /data/outbox could not be opened (EACCES). Check that the folder is writable, then restart the app.'],
  ['session.err.renewRefused', { agent: 'ana.garcia' }, 'Agent Authentication: the platform refused to sign ana.garcia in again; the password may have been changed. Sign out and sign in again with the current password.'],
  ['session.err.renewNoCredentials', { agent: 'ana.garcia' }, 'Agent Authentication: the app cannot sign ana.garcia in again by itself (it holds no password for this session). Sign out and sign in again.'],
  ['phone.err.notAgent', {}, 'Sign in as an agent first: the phone\'s server is watched only for a signed-in agent.'],
  ['phone.err.signedOutWhileWaiting', {}, 'The agent signed out while the app was waiting for the phone\'s server; the wait was stopped.'],
  ['phone.err.noSipServer', { url: 'https://pbx.example/ws' }, 'The phone\'s SIP address "https://pbx.example/ws" names no server to reach (it must be ws:// or wss://). Check the SIP WebSocket address in the settings.'],
  ['calls.err.noParked', { id: 'p-1' }, 'There is no parked disposition p-1 of this agent; it may have been sent or put back in line already. Refresh the list.'],
  ['calls.err.retryUnsaved', { detail: 'EROFS: read-only file system' }, 'The disposition could not be put back in line: EROFS: read-only file system'],
  ['calls.err.missedUnsaved', { dir: '/data/missed-calls', detail: 'ENOSPC' }, 'The missed calls in /data/missed-calls could not be read or saved (ENOSPC). Check that the folder is writable and has free space.'],
  ['settings.err.unsaved', { detail: 'EACCES: permission denied' }, 'The settings could not be saved: EACCES: permission denied. Check that the settings folder is writable.'],
  ['ipc.err.unknownChannel', { channel: 'nope' }, 'The request "nope" is not part of the app\'s contract.'],
  ['ipc.err.forbiddenSender', { channel: 'session.signIn' }, 'The request session.signIn came from a page that is not the app\'s own; it was refused.'],
];

describe('failures main raises itself', () => {
  it.each(CASES)('%s: English unchanged, Spanish complete', (key, params, english) => {
    const { detail } = spokenFailure('invalid-request', key, params, 'field');
    expect(detail).toMatchObject({ code: 'invalid-request', field: 'field', message: english, say: { key, params } });
    const spanish = speak('es', detail.say ?? { key: 'none', params: {} });
    expect(spanish).toBeDefined();
    expect(spanish).not.toBe(english);
    expect(spanish).not.toMatch(/\{\w+\}/);
    for (const value of Object.values(params)) expect(spanish).toContain(value);
  });
});
