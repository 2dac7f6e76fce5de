// The words the check's pure verdicts need from the agent's language: the
// candidate types, the echo call's path and delay, "not reported".
import type { CandidatePair } from '../../../common/ipc-contract';
import type { MessageKey } from '../../../common/i18n';
import type { AudioWords } from './audio-verdicts';

type Translate = (key: MessageKey, params?: Record<string, string>) => string;

export function checkWords(t: Translate): { audio: AudioWords; iceType: (type: 'host' | 'srflx' | 'relay' | 'nothing') => string } {
  const pair = (p: CandidatePair): string => {
    const side = (type: CandidatePair['local']) => t(`quality.candidate.${type}`);
    const local = p.local === 'relay' ? `${side('relay')} (${(p.relayProtocol ?? 'unknown').toUpperCase()})` : side(p.local);
    return `${local} ↔ ${side(p.remote)}, ${p.protocol.toUpperCase()}`;
  };
  return {
    audio: {
      pair,
      notReported: t('check.echo.notReported'),
      delay: (ms) => (ms === null ? t('check.echo.delayUnknown') : `${ms} ms`),
      quality: (kind) => t(`check.echo.quality.${kind}`),
    },
    iceType: (type) => t(`check.ice.type.${type}`),
  };
}
