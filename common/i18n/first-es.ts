// Spanish texts of the first ten minutes (spread into es.ts).
import type { firstEn } from './first-en';

export const firstEs: Record<keyof typeof firstEn, string> = {
  'first.staleTab.heading': 'Esta pestaña es de una ejecución anterior de la aplicación',
  'first.staleTab.body': 'La aplicación se volvió a iniciar después de abrir esta pestaña, y esta pestaña ya no puede comunicarse con ella (recargarla no sirve). Cierre esta pestaña y use la ventana que abrió la aplicación; si no hay ninguna, abra la dirección que la aplicación mostró al iniciarse.',
  'first.bridge.lostDetail': 'Sin contacto con la aplicación: lo que se muestra puede no estar al día.',

  'first.err.noReply': '{request}: la aplicación no respondió en {seconds} s; puede que se haya detenido. Si no pasa nada, recargue la página o reinicie la aplicación.',
  'first.err.bridgeClosed': '{request}: se perdió la conexión con la aplicación antes de que respondiera. Recargue la página o reinicie la aplicación.',
  'first.err.invalidField': '{request}: el campo {label} {fieldProblem}. Corríjalo y vuelva a intentar.',
  'first.err.invalidRequest': '{request}: la aplicación no pudo leer la solicitud. Vuelva a intentar; si sigue fallando, reinicie la aplicación.',
  'first.err.internal': '{request} falló de forma inesperada dentro de la aplicación. Vuelva a intentar; si sigue fallando, reinicie la aplicación.',

  'first.upload.pickCampaign': 'Elija la campaña a la que subir la lista.',

  'first.record.pickCampaign': 'Elija la campaña a cuyo discador va el registro.',

  'ipc.problem.empty': 'está vacío',
  'ipc.problem.tooLong': 'es demasiado largo',
  'ipc.problem.format': 'no tiene la forma esperada',
  'ipc.problem.invalid': 'no es válido',

  'field.unknown': 'uno de los campos',

  'request.unknown': 'La solicitud',
  'request.settings.get': 'Leer la configuración',
  'request.settings.update': 'Guardar la configuración',
  'request.session.get': 'Leer la sesión',
  'request.session.signIn': 'Iniciar sesión',
  'request.session.signOut': 'Cerrar sesión',
  'request.supervisor.info': 'Leer las herramientas de supervisor',
  'request.supervisor.campaigns': 'Listar las campañas',
  'request.supervisor.dialers': 'Listar los discadores',
  'request.supervisor.createAgent': 'Crear agente',
  'request.supervisor.addMembers': 'Agregar agentes a campañas',
  'request.supervisor.pickListFile': 'Elegir el archivo de la lista',
  'request.supervisor.analyzeList': 'Revisar la lista',
  'request.supervisor.uploadList': 'Subir la lista',
  'request.supervisor.addDialerRecord': 'Agregar un registro a un discador',
  'request.calls.setup': 'Leer las campañas por las que llamar',
  'request.calls.makeCall': 'Hacer la llamada',
  'request.calls.hangUp': 'Colgar',
  'request.calls.submitDisposition': 'Registrar la calificación',
  'request.calls.outboxStatus': 'Leer las calificaciones pendientes de envío',
  'request.calls.pendingWrapUps': 'Leer las llamadas que esperan calificación',
  'request.calls.keepWrapUp': 'Guardar el borrador de la calificación',
  'request.calls.discardWrapUp': 'Descartar el borrador de la calificación',
  'request.calls.parkedDispositions': 'Leer las calificaciones apartadas',
  'request.calls.retryParked': 'Volver a enviar una calificación apartada',
  'request.calls.missedCalls': 'Leer las llamadas perdidas',
  'request.calls.recordMissed': 'Guardar una llamada perdida',
  'request.calls.dismissMissed': 'Descartar las llamadas perdidas',
  'request.workstation.phoneStatus': 'Informar el estado del teléfono',
  'request.workstation.log': 'Escribir en el registro de la aplicación',
  'request.workstation.diagnostics': 'Reunir el diagnóstico',
  'request.phone.waitSipReachable': 'Esperar al servidor del teléfono',
  'request.phone.reregistered': 'Informar que el teléfono volvió a estar en línea',
};
