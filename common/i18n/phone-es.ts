// Spanish texts of the phone's own refusals and failures (spread into es.ts).
import type { phoneEn } from './phone-en';

export const phoneEs: Record<keyof typeof phoneEn, string> = {
  'phone.err.noCall': 'No hay ninguna llamada en este momento.',
  'phone.err.noWaitingCall': 'Ya no hay ninguna llamada en espera.',
  'phone.err.ended': 'La llamada ya terminó.',
  'phone.err.answer': 'No se pudo atender la llamada (problema de micrófono o de conexión). Revise el micrófono e inténtelo de nuevo.',
  'phone.err.rejectNotRinging': 'Solo se puede rechazar una llamada que está sonando.',
  'phone.err.holdNotActive': 'Solo se puede poner en espera una llamada en curso.',
  'phone.err.resumeNotHeld': 'Solo se puede retomar una llamada en espera.',
  'phone.err.holdRefused': 'La plataforma no aceptó poner la llamada en espera ({status}).',
  'phone.err.resumeRefused': 'La plataforma no aceptó retomar la llamada ({status}).',
  'phone.err.holdFailed': 'No se pudo poner la llamada en espera: {detail}',
  'phone.err.resumeFailed': 'No se pudo retomar la llamada: {detail}',
  'phone.err.dtmfNotActive': 'Solo se pueden enviar dígitos durante una llamada en curso.',
  'phone.err.dtmfTones': 'Solo se pueden enviar los dígitos 0-9, *, #, A-D y , (pausa).',
  'phone.err.dtmfNoChannel': 'No se pudieron enviar los dígitos: la llamada no tiene canal de audio para tonos.',
  'phone.err.noAudioTrack': 'El micrófono elegido no entregó audio. Elija otro micrófono.',
  'phone.err.noSender': 'La llamada no tiene un emisor de audio que cambiar.',
  'phone.err.badSipAddress': 'La dirección SIP del teléfono "{uri}" no es válida; revise la configuración SIP.',
  'phone.err.start': 'El teléfono no pudo iniciarse: {detail}',
  'phone.dropped.gone': 'La plataforma ya no tenía esta llamada cuando volvió la red.',
  'phone.dropped.noAnswer': 'La plataforma no respondió cuando el teléfono preguntó por esta llamada al volver la red.',
  'phone.dropped.answered': 'La plataforma respondió {status} cuando el teléfono preguntó por esta llamada al volver la red.',
  'phone.reg.gaveUp': 'El teléfono no pudo comunicarse con la plataforma durante mucho tiempo. Cierre sesión y vuelva a entrar.',
  'phone.reg.credentialsRefused': 'La plataforma rechazó las credenciales del teléfono ({status}). Cierre sesión y vuelva a entrar; si continúa, pida a un administrador que revise la contraseña SIP del agente.',
  'phone.reg.refused': 'La plataforma no aceptó el registro ({status}); se reintenta.',
};
