// The words the check's pure verdicts need from the agent's language: the
// candidate types, the echo call's path and delay, "not reported". Each is a
// word reference (`wordOf`), said in the language the step is read in: a step
// made in Spanish reads in English after the agent switches, and the
// diagnostics file keeps it in neither.
import type { CandidatePair } from '../../../common/ipc-contract';
import { wordOf } from '../../../common/i18n/dictionary';
import type { AudioWords } from './audio-verdicts';

export function checkWords(): { audio: AudioWords; iceType: (type: 'host' | 'srflx' | 'relay' | 'nothing') => string } {
  const pair = (p: CandidatePair): string => {
    const side = (type: CandidatePair['local']) => wordOf(`quality.candidate.${type}`);
    const local = p.local === 'relay' ? `${side('relay')} (${(p.relayProtocol ?? 'unknown').toUpperCase()})` : side(p.local);
    return `${local} ↔ ${side(p.remote)}, ${p.protocol.toUpperCase()}`;
  };
  return {
    audio: {
      pair,
      notReported: wordOf('check.echo.notReported'),
      percent: (value) => `${value.toFixed(1)}${wordOf('check.echo.percentSign')}`,
      delay: (ms) => (ms === null ? wordOf('check.echo.delayUnknown') : `${ms} ms`),
      quality: (kind) => wordOf(`check.echo.quality.${kind}`),
    },
    iceType: (type) => wordOf(`check.ice.type.${type}`),
  };
}
