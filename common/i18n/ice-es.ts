// Spanish texts of the STUN/TURN settings (issue 15); the keys of ice-en.ts.
import type { iceEn } from './ice-en';

export const iceEs: Record<keyof typeof iceEn, string> = {
  'ice.legend': 'Servidores STUN/TURN (avanzado)',
  'ice.hint': 'Solo si TI lo indica: para agentes detrás de NAT o de un cortafuegos que bloquea UDP. Se aplica en el próximo inicio de sesión. La contraseña TURN se guarda cifrada y no se vuelve a mostrar.',
  'ice.urls': 'Dirección (stun:, turn: o turns:)',
  'ice.username': 'Usuario (TURN)',
  'ice.credential': 'Contraseña (TURN)',
  'ice.add': 'Agregar servidor',
  'ice.remove': 'Quitar',
};
