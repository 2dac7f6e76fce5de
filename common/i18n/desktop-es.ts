import type { desktopEn } from './desktop-en';

// Textos en español de la bandeja y de la pregunta al salir (main/desktop; se esparcen en es.ts).
export const desktopEs: Record<keyof typeof desktopEn, string> = {
  'tray.signedOut': 'sesión cerrada',
  'tray.missedOne': '1 llamada perdida',
  'tray.missed': '{count} llamadas perdidas',
  'updates.readyTitle': 'Actualización lista',
  'updates.ready': 'La versión {version} está lista: se instala cuando cierre sesión o cierre la aplicación, nunca durante una llamada.',
  'tray.registered': 'disponible',
  'tray.ringing': 'llamada entrante de',
  'tray.inCall': 'en llamada con',
  'tray.offline': 'sin conexión — reintentando',
  'tray.connecting': 'conectando el teléfono…',
  'tray.phoneFailed': 'teléfono no registrado — abra la aplicación para ver por qué',
  'tray.show': 'Mostrar',
  'tray.answer': 'Contestar',
  'tray.reject': 'Rechazar',
  'tray.hangUp': 'Colgar',
  'tray.signOut': 'Cerrar sesión',
  'tray.quit': 'Salir',
  'tray.unknownCaller': 'número desconocido',

  'quit.title': 'Salir de Agent Softphone',
  'quit.ringing.message': 'Hay una llamada entrante. ¿Salir igualmente?',
  'quit.ringing.detail': 'Si sale, la llamada no se contestará.',
  'quit.inCall.message': 'Está en una llamada. ¿Salir y cortarla?',
  'quit.inCall.detail': 'Si sale, la llamada se cortará para ambas partes.',
  'quit.stay': 'Quedarme',
  'quit.quit': 'Salir',
};
