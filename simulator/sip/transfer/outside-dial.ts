// Dialling a simulated outside number: it answers busy, rings until the ring
// timeout, or rings for `answerAfterMs` and answers with a tone, as the seed's
// `pbx.outsideParties` (or POST /__sim/sip/parties) says.
import type { OutsidePartiesSettings } from '../../seed/pbx-schema';
import type { CallPartyView } from '../../state/records';
import { outsideParty } from '../calls/party';
import { AstCause } from './hangup-causes';
import type { DialAttempt, DialEvents } from './target-dialer';

export function dialOutside(number: string, settings: OutsidePartiesSettings, events: DialEvents): DialAttempt {
  const timers = new Set<NodeJS.Timeout>();
  let over = false;
  const after = (ms: number, run: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!over) run();
    }, ms);
    timers.add(timer);
  };
  const end = (): void => {
    over = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
  if (settings.busy.includes(number)) {
    after(0, () => {
      end();
      events.onFailed({ cause: AstCause.USER_BUSY, detail: `${number} is busy` });
    });
  } else {
    after(0, () => events.onRinging());
    const answers = !settings.noAnswer.includes(number) && settings.answerAfterMs < settings.ringTimeoutMs;
    if (answers) {
      after(settings.answerAfterMs, () => {
        end();
        events.onAnswered(outsideParty(number));
      });
    } else {
      after(settings.ringTimeoutMs, () => {
        end();
        events.onFailed({ cause: AstCause.NO_ANSWER, detail: `${number} did not answer within ${settings.ringTimeoutMs} ms` });
      });
    }
  }
  const view: CallPartyView = { role: 'outside', number, state: 'ringing' };
  return { label: `number ${number}`, view: () => view, cancel: end };
}
