// Spanish texts for a number or a dial link that cannot be dialled (spread into es.ts).
import type { numbersEn } from './numbers-en';

export const numbersEs: Record<keyof typeof numbersEn, string> = {
  'number.problem.empty': 'No hay ningún número para marcar.',
  'number.problem.letters': 'El número contiene letras; use solo dígitos.',
  'number.problem.invalid-character': 'El número contiene un carácter que no se puede marcar; use dígitos, espacios, guiones y un + inicial.',
  'number.problem.misplaced-plus': 'El signo + solo puede ir al principio del número.',
  'number.problem.too-short': 'El número es demasiado corto; necesita al menos {min} dígitos.',
  'number.problem.too-long': 'El número es demasiado largo; admite como máximo {max} dígitos.',
  'number.problem.invalid-extension': 'La extensión debe ser un solo grupo de hasta {extensionMax} dígitos.',

  'dialLink.problem.unsupported-scheme': 'Este enlace no es telefónico; solo se pueden marcar enlaces tel:, callto: y sip:.',
  'dialLink.problem.malformed-encoding': 'El enlace está dañado (codificación % incorrecta o caracteres de control); copie el número a mano.',
  'dialLink.problem.not-a-number': 'El enlace SIP indica una persona o equipo, no un número; marque el número en su lugar.',
  'dialLink.problem.link-too-long': 'El enlace es demasiado largo para ser un número de teléfono.',
};
