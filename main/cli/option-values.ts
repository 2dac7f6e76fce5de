import { UsageError, type OptionValues } from './cli-types';

// Typed reads of parsed flags; a missing required flag is a UsageError.

export function optional(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export function required(values: OptionValues, name: string, hint = ''): string {
  const value = optional(values, name);
  if (value === undefined || value.trim() === '') throw new UsageError(`--${name} is required${hint ? ` (${hint})` : ''}`);
  return value;
}

export function list(values: OptionValues, name: string): string[] {
  const value = values[name];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}

export function flag(values: OptionValues, name: string): boolean {
  return values[name] === true;
}

export function integer(values: OptionValues, name: string): number | undefined {
  const text = optional(values, name);
  if (text === undefined) return undefined;
  if (!/^[0-9]+$/.test(text.trim())) throw new UsageError(`--${name} must be a whole number, 0 or more (got ${JSON.stringify(text)})`);
  return Number(text);
}
