/** The languages the UI speaks. Plain constants so any layer can use them. */
export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
