// The spec's observed string formats of campaign and dialer fields, as zod
// checks, so a seed file with a value the client could not parse fails at load.
import { z } from 'zod';

const time = '(?:[01]\\d|2[0-3]):[0-5]\\d';

/** `<days>;<hh:mm>-<hh:mm>` */
export const scheduleText = z.string().regex(new RegExp(`^[^;]+;${time}-${time}$`), 'schedule must be <days>;<hh:mm>-<hh:mm>');
/** dash-separated numbers, e.g. `20-40-60` */
export const thresholdsText = z.string().regex(/^\d+(?:-\d+)*$/, 'thresholds must be dash-separated numbers');
/** `<form_name>|<true|false>` */
export const formText = z.string().regex(/^[^|]+\|(?:true|false)$/, 'form must be <name>|<true|false>');
/** `SIP/<trunk>/<number>`, or empty where a campaign dials nothing */
export const dialstringText = z.string().regex(/^(?:SIP\/[^/\s]+\/\d*)?$/, 'dialstring must be SIP/<trunk>/<number>');
/** colon-separated `key=value` pairs, or empty */
export const variablesText = z.string().regex(/^(?:[^=:]+=[^:]*(?::[^=:]+=[^:]*)*)?$/, 'variables must be k=v:k=v');
/** colon-separated `<hour>=<letters>` pairs, or empty */
export const schedulePhonesText = z
  .string()
  .regex(/^(?:\d{1,2}=[A-Za-z]+(?::\d{1,2}=[A-Za-z]+)*)?$/, 'schedulephones must be <hour>=<letters>:...');
/** a JSON array carried as text */
export const jsonArrayText = z.string().refine((text) => {
  try {
    return Array.isArray(JSON.parse(text));
  } catch {
    return false;
  }
}, 'recycle must be a JSON array as text');
