// Textos en español de transferencias y llamadas de a tres (issue 22; en es.ts).
import type { transferEn } from './transfer-en';

export const transferEs: Record<keyof typeof transferEn, string> = {
  'transfer.open': 'Transferir',
  'transfer.title': 'Transferir la llamada',
  'transfer.search': 'Nombre, interno o número',
  'transfer.search.hint': 'Escriba para filtrar. ↑ ↓ elige, Intro transfiere ya, Ctrl+Intro habla antes con el destino.',
  'transfer.list': 'Destino',
  'transfer.source.campaign': 'Campaña',
  'transfer.source.directory': 'Directorio',
  'transfer.source.recent': 'Reciente',
  'transfer.source.typed': 'Escrito',
  'transfer.none': 'Nada coincide.',
  'transfer.problem.empty': 'Escriba un nombre, un interno o un número.',
  'transfer.problem.malformed': 'No es un interno (hasta 5 dígitos) ni un número de teléfono (6 a 20 dígitos).',
  'transfer.problem.not-in-directory': 'Su departamento de TI permite transferir solo al directorio y a las campañas de esta llamada.',
  'transfer.blind': 'Transferir ya',
  'transfer.consult': 'Hablar antes',
  'transfer.cancel': 'Cancelar',
};
