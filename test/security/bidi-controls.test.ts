// Issue 21, point 10: text the caller controls (the INVITE's caller and display
// name, the CTI object's caller id, campaign and data pairs) reaches the agent
// without bidi controls: U+202E would show a number reversed. Through the real
// phone on the fake SIP server, to every place it is shown.
import { describe, expect, it, vi } from 'vitest';
import { translate } from '../../common/i18n';
import type { PhoneCall as ReportedCall } from '../../common/ipc/workstation';
import { incomingCallNotification } from '../../main/desktop/notifications-incoming-call';
import { trayStateFor } from '../../main/desktop/tray-state';
import { ringingTitle, viewOf } from '../../renderer/src/agent/call-view';
import { missedCallOf } from '../../renderer/src/agent/use-missed-calls';
import { finishedCallOf } from '../../renderer/src/agent/use-recent-calls';
import type { PhoneEvents } from '../../renderer/src/phone';
import { phoneStatusOf } from '../../renderer/src/workstation/phone-status';
import { FakeSipServer } from '../phone/support/fake-sip-server';
import { phoneKit } from '../phone/support/phone-kit';

const { registered } = phoneKit();

/** The bidi controls: embeddings and overrides, isolates, the marks. */
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
const RLO = '\u202E';

const CTI = JSON.stringify({
  Guid: 'g-bidi',
  Campaign: `${RLO}Ventas->`,
  Callerid: `${RLO}1234`,
  ParAndValues: `Cliente=\u2067Ana\u2069;Deuda=${RLO}0001\u202C;Nota=\u200Fok\u200E\u061C`,
});
const t = (key: Parameters<typeof translate>[1], params?: Record<string, string>) => translate('en', key, params);

/** A ringing call whose INVITE carries bidi controls in the caller (percent-encoded), the display name and the CTI header. */
async function ringingCall(cti = CTI) {
  const server = new FakeSipServer();
  const phone = await registered(server);
  const missed: PhoneEvents['missed'][] = [];
  phone.on('missed', (m) => missed.push(m));
  server.invite({ 'X-CTI': cti }, '%E2%80%AE5551234', `${RLO}Ana \u2066Pérez\u2069`);
  await vi.waitFor(() => expect(phone.call?.state.kind).toBe('ringing'));
  return { phone, missed };
}

describe('bidi controls from the caller', () => {
  it('reach neither the call panel and bar (their view), the window title, nor the OS notification and tray', async () => {
    const { phone } = await ringingCall();
    const view = viewOf(phone.call!, null, null);
    expect(view.caller).toBe('1234');
    const status = phoneStatusOf(phone);
    const notification = incomingCallNotification(status.call!, { platform: 'darwin', language: 'en' }).options;
    const tray = trayStateFor({ signedIn: true, registration: 'registered', call: status.call, offline: false, language: 'en' });
    const shown = {
      panel: [view.caller, view.callerName, view.campaign, ...view.data.flatMap((pair) => [pair.name, pair.value])],
      title: ringingTitle(t, view),
      notification: [notification.title, notification.body],
      tray: tray.tooltip,
      reported: status.call,
    };
    expect(JSON.stringify(shown)).not.toMatch(BIDI);
  });

  it('reach neither the missed nor the recent calls', async () => {
    const { phone, missed } = await ringingCall();
    await phone.reject();
    await vi.waitFor(() => expect(missed).toHaveLength(1));
    const records: { caller: string; campaign: string | null }[] = [missedCallOf(missed[0]!)];
    const answered = await ringingCall(JSON.stringify({ Guid: 'g-2', Campaign: `${RLO}Ventas`, Callerid: '' }));
    await answered.phone.answer();
    await vi.waitFor(() => expect(answered.phone.call?.state.kind).toBe('active'));
    await answered.phone.hangUp();
    records.push(finishedCallOf(answered.phone.call!)!);
    expect(records.map((record) => [record.caller, record.campaign])).toEqual([['1234', 'Ventas->'], ['5551234', 'Ventas']]);
  });

  it('reach no OS notification or tray tooltip in main even when the page reports them (a second line)', () => {
    const call: ReportedCall = { id: 'call-1', state: 'ringing', caller: `${RLO}1234`, campaign: `\u2067Soporte\u2069<-` };
    const notification = incomingCallNotification(call, { platform: 'linux', language: 'es' }).options;
    const tray = trayStateFor({ signedIn: true, registration: 'registered', call, offline: false, language: 'es' });
    expect(notification.body).toBe('1234\nCampaña: Soporte');
    expect(tray.tooltip).not.toMatch(BIDI);
    expect(tray.tooltip).toContain('1234 (Soporte<-)');
  });

  it('leave a caller without a display name ringing (a plain SIP customer: From has none)', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    server.invite({}, '099123456', null);
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('ringing'));
    expect(viewOf(phone.call!, null, null).caller).toBe('099123456');
  });
});
