// Text the caller controls (the INVITE's caller and display name, the CTI
// object) is shown to the agent in the call panel, the window title, the tray
// and OS notifications. Invisible format characters let it show something else
// than it is: U+202E RIGHT-TO-LEFT OVERRIDE shows 1234 as 4321, an isolate or
// embedding moves the rest of the line, a zero-width space hides inside a
// number. Pure; the phone and the CTI parser clean what they read here, and
// main's notifications and tray clean again what the page reports.

/**
 * Unicode format characters (category Cf): the bidi controls (U+061C, U+200E/F, U+202A–E,
 * U+2066–9), zero-width space and word joiner, BOM, soft hyphen, invisible operators, tags,
 * the deprecated shaping controls (U+206A–F), interlinear annotations… Kept: ZERO WIDTH NON-JOINER
 * and ZERO WIDTH JOINER (U+200C/D), which Persian and Indic names and emoji sequences need and
 * which neither reorder nor hide a character.
 */
const FORMAT_CONTROLS = /(?![\u200C\u200D])\p{Cf}/gu;
/** Control characters and line or paragraph separators: a line break in a caller id would fake a line. */
const LINE_BREAKERS = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;

/** `text` without invisible format characters (see FORMAT_CONTROLS). */
export function withoutFormatControls(text: string): string {
  return text.replace(FORMAT_CONTROLS, '');
}

/** `text` for one line of a notification, tooltip or title: no format characters, breaks and controls as one space, trimmed. */
export function asOneLine(text: string): string {
  return withoutFormatControls(text).replace(LINE_BREAKERS, ' ').trim();
}
