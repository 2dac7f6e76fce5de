// Spanish texts of the recent calls' quality timelines (issue 26); the keys of quality-en.ts.
import type { qualityEn } from './quality-en';

export const qualityEs: Record<keyof typeof qualityEn, string> = {
  'quality.show': 'Calidad',
  'quality.showWho': 'Calidad de la llamada con {caller} a las {time}',
  'quality.loading': 'Leyendo…',
  'quality.none': 'No hay registro de calidad de esta llamada: solo las últimas 20 llamadas atendidas lo guardan.',
  'quality.summary': 'MOS promedio {average}, el peor {worst} en {at}. Pérdida hasta {loss} %, jitter hasta {jitter} ms, ida y vuelta hasta {rtt} ms.',
  'quality.summary.noAudio': 'No llegó audio durante esta llamada: no hay MOS que mostrar.',
  'quality.silent': 'No llegó audio durante {seconds} s de la llamada.',
  'quality.path': 'Camino del audio: {local} ↔ {remote}, por {protocol}.',
  'quality.path.relay': 'Camino del audio: por un relé TURN (al que se llega por {relay}) ↔ {remote}.',
  'quality.candidate.host': 'dirección directa',
  'quality.candidate.srflx': 'dirección vista a través de NAT (STUN)',
  'quality.candidate.prflx': 'dirección aprendida del otro extremo',
  'quality.candidate.relay': 'relé TURN',
  'quality.candidate.unknown': 'desconocido',
  'quality.legend': 'Línea: MOS (4 o más es bueno, menos de 3 es malo). Barras rojas: paquetes perdidos. Gris: sin audio.',
  'quality.unavailable': 'No se pudo leer el registro de calidad: {cause}',
};
