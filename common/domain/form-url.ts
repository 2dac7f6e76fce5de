// The campaign form's address, from the template IT sets (`formUrlTemplate`,
// setting or policy): placeholders {guid}, {caller}, {campaign}, {form} and
// {agent} are filled percent-encoded, so a value can never change the
// address's scheme, host or path structure; the result must be https:// on
// the template's own host, with the template's path segments (a value `..` or
// `.` would otherwise climb them: `/forms/{form}` → `/`). Pure; main builds
// and checks it before opening.
export const FORM_PLACEHOLDERS = ['guid', 'caller', 'campaign', 'form', 'agent'] as const;
export type FormValues = Readonly<Record<(typeof FORM_PLACEHOLDERS)[number], string>>;

export type FormUrl = { ok: true; url: string } | { ok: false; problem: 'not-https' | 'not-an-address' | 'host-changed' | 'path-changed' };

const fill = (template: string, values: (name: string) => string): string =>
  template.replace(/\{(\w+)\}/gu, (whole, name: string) => ((FORM_PLACEHOLDERS as readonly string[]).includes(name) ? values(name) : whole));

/** Whether a template can give https addresses at all (checked when IT or the agent sets it). */
export function checkFormTemplate(template: string): FormUrl {
  return buildFormUrl(template, { guid: 'g', caller: 'c', campaign: 'c', form: 'f', agent: 'a' });
}

export function buildFormUrl(template: string, values: FormValues): FormUrl {
  let skeleton: URL;
  let url: URL;
  try {
    skeleton = new URL(fill(template, () => 'x'));
    url = new URL(fill(template, (name) => encodeURIComponent(values[name as keyof FormValues].slice(0, 256))));
  } catch {
    return { ok: false, problem: 'not-an-address' };
  }
  if (skeleton.protocol !== 'https:' || url.protocol !== 'https:' || skeleton.username || skeleton.password) return { ok: false, problem: 'not-https' };
  if (url.host !== skeleton.host) return { ok: false, problem: 'host-changed' };
  // Percent-encoding keeps `/` out, so only a dot segment (`.`, `..`, `%2e%2E`) can change the count.
  if (url.pathname.split('/').length !== skeleton.pathname.split('/').length) return { ok: false, problem: 'path-changed' };
  return { ok: true, url: url.href };
}
