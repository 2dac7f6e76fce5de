// The L1/L2/L3 choices offered in the disposition form, per campaign. The
// platform's API has no operation that lists them, so they are a setting:
// defaults for the seeded kinds of campaign below, replaced per campaign by
// `disposition-choices.json` in the app's data folder (docs/ASSUMPTIONS.md,
// Calls). Free text stays allowed in the form whatever the list says.
import { join } from 'node:path';
import { z } from 'zod';
import type { Say } from '../../../common/i18n/dictionary';
import { dispositionChoicesSchema, type DispositionChoices } from '../../../common/ipc-contract';
import { MAX_STATE_FILE_BYTES, readRegularFileSync, refusalWords } from '../files';

export const DISPOSITION_CHOICES_FILE = 'disposition-choices.json';

/** `*` applies to any campaign without its own entry. Values are what the platform stores (Spanish, like the seeded campaigns). */
export const DEFAULT_DISPOSITION_CHOICES: Record<string, DispositionChoices> = {
  '*': {
    l1: ['Contactado', 'No contesta', 'Ocupado', 'Número equivocado', 'Volver a llamar'],
    l2: ['Interesado', 'No interesado', 'Pide información', 'Otro'],
    l3: [],
  },
  'Cobranzas->': {
    l1: ['Contactado', 'No contesta', 'Ocupado', 'Número equivocado', 'Volver a llamar'],
    l2: ['Promesa de pago', 'Ya pagó', 'Se niega a pagar', 'Pide plan de pagos'],
    l3: ['Esta semana', 'Este mes', 'Sin fecha'],
  },
  'Encuestas->': {
    l1: ['Encuesta completa', 'Encuesta parcial', 'No quiere responder', 'No contesta', 'Volver a llamar'],
    l2: [],
    l3: [],
  },
  'Soporte<-': {
    l1: ['Resuelto', 'Derivado', 'Pendiente', 'Llamada cortada'],
    l2: ['Facturación', 'Técnico', 'Ventas', 'Otro'],
    l3: [],
  },
};

const fileSchema = z.record(z.string(), dispositionChoicesSchema.partial());

export interface LoadedChoices {
  readonly choices: Record<string, DispositionChoices>;
  /** Why the file was not used, as a message key, or null. */
  readonly problem: Say | null;
}

/** Defaults, with each campaign in the data folder's file replacing (per level given) the default one. */
export function loadDispositionChoices(dataDir: string): LoadedChoices {
  const path = join(dataDir, DISPOSITION_CHOICES_FILE);
  const notUsed = (why: string): LoadedChoices => ({
    choices: DEFAULT_DISPOSITION_CHOICES,
    problem: { key: 'calls.setup.choicesNotUsed', params: { path, why } },
  });
  const read = readRegularFileSync(path, MAX_STATE_FILE_BYTES);
  if (!read.ok && read.problem === 'missing') return { choices: DEFAULT_DISPOSITION_CHOICES, problem: null }; // no file: the defaults
  if (!read.ok) return notUsed(refusalWords(read));
  let parsed: z.infer<typeof fileSchema>;
  try {
    parsed = fileSchema.parse(JSON.parse(read.bytes.toString('utf8')));
  } catch (error) {
    return notUsed(error instanceof z.ZodError ? error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') : 'it is not JSON');
  }
  const choices: Record<string, DispositionChoices> = { ...DEFAULT_DISPOSITION_CHOICES };
  for (const [campaign, given] of Object.entries(parsed)) {
    const base = choices[campaign] ?? choices['*'] ?? { l1: [], l2: [], l3: [] };
    choices[campaign] = { l1: given.l1 ?? base.l1, l2: given.l2 ?? base.l2, l3: given.l3 ?? base.l3 };
  }
  return { choices, problem: null };
}
