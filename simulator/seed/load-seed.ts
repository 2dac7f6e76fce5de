// Reads and validates a seed file; a bad seed stops the simulator with a
// message that names the file and each failing path.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { seedSchema, type Seed } from './seed-schema';

export const defaultSeedFile = fileURLToPath(new URL('../seed.json', import.meta.url));

export async function loadSeed(file: string = defaultSeedFile): Promise<Seed> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`Loading the simulator seed ${file} failed: ${(error as Error).message}. Check the path and that it is JSON.`, { cause: error });
  }
  const result = seedSchema.safeParse(raw);
  if (!result.success) {
    throw new Error(`The simulator seed ${file} is invalid:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}
