// Spanish texts of the workstation area (spread into es.ts).
import type { workstationEn } from './workstation-en';

export const workstationEs: Record<keyof typeof workstationEn, string> = {
  'workstation.settings.button': 'Ajustes',
  'workstation.settings.title': 'Ajustes del puesto',
  'workstation.settings.autostart': 'Iniciar al entrar en el equipo',
  'workstation.settings.autostart.hint': 'Se abre en la bandeja e inicia sesión si «recordarme» está activo. Solo en la app instalada.',
  'workstation.settings.closeToTray': 'Seguir en la bandeja al cerrar la ventana',
  'workstation.settings.dialImmediately': 'Llamar en seguida los enlaces telefónicos (tel:, callto:, sip:)',
  'workstation.settings.dialImmediately.hint': 'Desactivado: el número espera en el campo de marcado. Un enlace nunca interrumpe una llamada.',
  'workstation.settings.shortcuts': 'Atajos de teclado globales',
  'workstation.settings.answerShortcut': 'Contestar',
  'workstation.settings.hangUpShortcut': 'Colgar',
  'workstation.settings.shortcut.hint': 'Por ejemplo CommandOrControl+Alt+A. Vacío = desactivado. Funciona con la app en segundo plano (solo en la app instalada).',
  'workstation.settings.locked': 'Definido por su departamento de TI',
  'workstation.settings.saveShortcuts': 'Guardar atajos',
  'workstation.settings.saved': 'Guardado.',
  'workstation.settings.close': 'Cerrar',
  'workstation.settings.policyProblem': 'No se pudo aplicar el archivo de política de TI: {problem}',
  'workstation.help.button': 'Ayuda',
  'workstation.help.copyDiagnostics': 'Copiar diagnóstico',
  'workstation.help.copied': 'Diagnóstico copiado. Péguelo en su solicitud de soporte.',
  'workstation.help.copyFailed': 'No se pudo copiar el diagnóstico al portapapeles: {cause}. Seleccione el texto de abajo y cópielo usted.',
  'workstation.dialLink.invalid': 'El enlace telefónico «{raw}» no se marcó: {message}',
  'workstation.dialLink.signIn': 'Inicie sesión para llamar al {number} (desde un enlace telefónico).',
  'workstation.dialLink.prefilled': 'Número desde un enlace telefónico: {number}. Revíselo y pulse Llamar.',
  'workstation.dialLink.dismiss': 'Cerrar',
};
