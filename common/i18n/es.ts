import type { MessageKey } from './en';
import { supervisorEs } from './supervisor-es';
import { callsEs } from './calls-es';
import { workstationEs } from './workstation-es';
import { errorsEs } from './errors-es';
import { desktopEs } from './desktop-es';
import { numbersEs } from './numbers-es';
import { phoneEs } from './phone-es';
import { firstEs } from './first-es';
import { shiftEs } from './shift-es';
import { iceEs } from './ice-es';
import { qualityEs } from './quality-es';
import { checkEs } from './check-es';
import { transferEs } from './transfer-es';

// Textos en español de la interfaz: cada clave del diccionario inglés.
export const es: Record<MessageKey, string> = {
  'app.title': 'Softphone de Agente',
  'app.loading': 'Iniciando…',
  'bridge.lost': 'Se perdió el contacto con la aplicación. Recargue la página o reinicie la aplicación.',

  'dateTime.said': 'Es decir: {when}.',
  'dateTime.saidPast': 'Es decir: {when}, que ya pasó.',
  'language.label': 'Idioma',
  'language.es': 'Español',
  'language.en': 'English',

  'signIn.heading': 'Iniciar sesión',
  'signIn.subtitle': 'Use su usuario y contraseña de agente del centro de contacto.',
  'signIn.instanceUrl': 'Dirección de la instancia',
  'signIn.instanceUrl.hint': 'Por ejemplo https://suempresa.ucontactcloud.com',
  'signIn.agent': 'Usuario de agente',
  'signIn.password': 'Contraseña',
  'signIn.password.remembered': 'Contraseña guardada (deje vacío para usarla)',
  'signIn.remember': 'Recordarme en este equipo',
  'signIn.advanced': 'Avanzado',
  'signIn.apiUser': 'Usuario de API (supervisores)',
  'signIn.apiPassword': 'Contraseña del usuario de API',
  'signIn.caFile': 'Archivo de certificado de CA (PEM)',
  'signIn.caFile.hint': 'Solo para instancias con una autoridad certificadora privada.',
  'signIn.caFile.fixedHint': 'En la versión de navegador el archivo de CA se fija al iniciar la aplicación (npm start -- --ca-file <archivo>) o en el archivo de política de TI.',
  'signIn.sipUrl': 'Dirección WebSocket SIP',
  'signIn.sipUrl.hint': 'Deje vacío para usar wss://<host>:8089/ws.',
  'signIn.submit': 'Ingresar',
  'signIn.submitting': 'Ingresando…',
  'signIn.savedDataProblem': 'Hubo un problema con los datos guardados.',
  'signIn.memoryOnly.unavailable': 'Este equipo no ofrece almacenamiento seguro: su contraseña y su sesión se guardan solo en memoria y se olvidan al cerrar la aplicación.',
  'signIn.memoryOnly.basic-text': 'El llavero del sistema no está disponible (basic_text): su contraseña y su sesión se guardan solo en memoria y se olvidan al cerrar la aplicación.',
  'signIn.memoryOnly.browser-mode': 'Modo navegador: su contraseña y su sesión se guardan solo en memoria.',
  'signIn.memoryOnly.policy': 'Las sesiones se guardan solo en memoria, según la configuración.',
  'signIn.role': 'Ingresar como',
  'signIn.role.agent': 'Agente',
  'signIn.role.agent.hint': 'Teléfono y llamadas',
  'signIn.role.supervisor': 'Supervisor',
  'signIn.role.supervisor.hint': 'Solo usuario de API, sin teléfono',
  'signIn.subtitle.supervisor': 'Use el usuario y la contraseña de API del centro de contacto. Se abre el área de supervisión; no se inicia ningún teléfono.',
  'signIn.supervisorApiUser': 'Usuario de API',
  'signIn.supervisorApiPassword': 'Contraseña de API',
  'header.supervisorOnly': 'Supervisor · sin teléfono',

  'error.wrong-credentials': 'Usuario o contraseña incorrectos.',
  'error.instance-unreachable': 'No se puede conectar con la plataforma.',
  'error.tls-failure': 'El certificado de la instancia no es de confianza. Revise la dirección o agregue su certificado de CA en Avanzado.',
  'error.platform-error': 'La plataforma respondió con un error.',
  'error.invalid-request': 'Revise este valor.',
  'error.not-signed-in': 'No ha iniciado sesión.',
  'error.busy': 'Espere: hay otro ingreso o salida en curso.',
  'error.settings-failure': 'No se pudo guardar la configuración.',
  'error.forbidden-sender': 'La solicitud fue rechazada.',
  'error.unknown-channel': 'La solicitud no está soportada.',
  'error.internal': 'Algo falló dentro de la aplicación.',
  'error.details': 'Detalles',

  'header.extension': 'Ext. {extension}',
  'header.connection': 'Conexión',
  'connection.online': 'Conectado',
  'connection.offline': 'Sin conexión',
  'connection.unknown': 'Conectando',
  'connection.phone-offline': 'Teléfono sin conexión',
  'connection.api-offline': 'Teléfono conectado · plataforma sin conexión',

  'signedIn.welcome': 'Bienvenido/a, {name}.',
  'signedIn.ready': 'Sesión iniciada como {agent} en {instance}.',
  'signedIn.apiUser': 'Herramientas de supervisión disponibles como {apiUser}.',

  'signOut.button': 'Cerrar sesión',
  'signOut.title': 'Cerrar sesión',
  'signOut.message': 'Mensaje para la plataforma (opcional)',
  'signOut.message.hint': 'Por ejemplo: fin de turno, descanso, reunión.',
  'signOut.confirm': 'Cerrar sesión',
  'signOut.cancel': 'Cancelar',
  'signOut.submitting': 'Cerrando sesión…',
  ...supervisorEs,
  ...callsEs,
  ...workstationEs,
  ...errorsEs,
  ...desktopEs,
  ...numbersEs,
  ...phoneEs,
  ...firstEs,
  ...shiftEs,
  ...iceEs,
  ...qualityEs,
  ...checkEs,
  ...transferEs,
};
