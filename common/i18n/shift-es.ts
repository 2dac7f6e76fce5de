// Spanish texts of the agent's shift (issue 12); the keys of shift-en.ts.
import type { shiftEn } from './shift-en';

export const shiftEs: Record<keyof typeof shiftEn, string> = {
  'shift.notes': 'Notas',
  'shift.notes.hint': 'Pasan al comentario de la tipificación de esta llamada.',
  'shift.data.label': 'Datos que trae la llamada',
  'shift.form': 'Formulario: {form}',
  'shift.timer.ring': 'Sonando',
  'shift.timer.hold': 'En espera',
  'shift.timer.afterCall': 'Trabajo posterior',
  'shift.timer.expected': 'la plataforma da {seconds} s',
  'shift.bar.label': 'Llamada actual',
  'shift.bar.ringing': 'Llamada entrante',
  'shift.bar.waiting': 'Suena otra llamada',
  'shift.bar.inCall': 'En llamada',
  'shift.bar.held': 'En espera',
  'shift.bar.answerWaiting': 'Poner en espera y atender',
  'shift.shortcut.answer': 'Ctrl+Alt+Intro',
  'shift.shortcut.hint': 'o {keys}',
  'shift.announce.ringing': 'Llamada entrante de {caller}{campaign}. Atienda con Ctrl+Alt+Intro.',
  'shift.announce.campaign': ', campaña {campaign}',
  'shift.title.ringing': '☎ {caller} — {app}',
  'shift.dialog.ringing': 'Llamada entrante de {caller}',
  'shift.signOut.inCall': 'Hay una llamada en curso. Si cierra sesión, la llamada termina.',
  'shift.signOut.backToCall': 'Volver a la llamada',
  'shift.signOut.hangUpAndSignOut': 'Colgar y cerrar sesión',
};
