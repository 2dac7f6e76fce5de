// What checks a downloaded update before it is installed, per OS, and whether
// that is enough to turn updates on (issue 21). A page that could name a feed
// must not get its code installed: updates run only where a check that does
// not depend on the feed itself runs.
// - Windows: electron-updater verifies the installer's Authenticode signature
//   against `publisherName` in app-update.yml (electron-builder writes it when
//   it signs the build). Without a publisher name electron-updater skips the
//   check, so such a build takes no updates.
// - macOS: Squirrel.Mac installs only a version whose code signature satisfies
//   the running app's designated requirement (an unsigned app cannot update).
// - Linux: electron-updater checks only the sha512 the feed's own .yml gives,
//   which proves nothing against the feed; so the feed must be IT's, from the
//   policy file (root-owned), never a user setting.

export interface UpdateTrustInputs {
  readonly platform: NodeJS.Platform;
  /** The feed address comes from IT's policy file. */
  readonly feedFromPolicy: boolean;
  /** app-update.yml's publisherName (Windows), as written at packaging; empty when none. */
  readonly publisherNames: readonly string[];
}

export type UpdateTrust = { readonly ok: true; readonly check: string } | { readonly ok: false; readonly problem: string };

export function updateTrust(inputs: UpdateTrustInputs): UpdateTrust {
  switch (inputs.platform) {
    case 'win32':
      return inputs.publisherNames.length > 0
        ? { ok: true, check: `each installer's Authenticode signature must be by ${inputs.publisherNames.join(' or ')} (checked by electron-updater before installing)` }
        : { ok: false, problem: 'this build names no code-signing publisher (publisherName in app-update.yml), so a downloaded installer could not be checked; sign the build (docs/DEPLOYMENT.md, section 8)' };
    case 'darwin':
      return { ok: true, check: "each version's code signature must satisfy this app's designated requirement (checked by Squirrel.Mac before installing)" };
    case 'linux':
      return inputs.feedFromPolicy
        ? { ok: true, check: "the feed is IT's (policy file) and each package must match the sha512 it lists" }
        : { ok: false, problem: "on Linux the update feed must come from IT's policy file, since only the feed's own hash is checked (docs/DEPLOYMENT.md, section 8)" };
    default:
      return { ok: false, problem: `no update signature check is known for ${inputs.platform}` };
  }
}

/** app-update.yml's `publisherName`: one name or a list (YAML scalar or sequence), in the file's own shape. */
export function publisherNamesOf(appUpdateYml: string): string[] {
  const lines = appUpdateYml.split(/\r?\n/u);
  const at = lines.findIndex((line) => /^publisherName:/u.test(line));
  if (at < 0) return [];
  const inline = unquote(lines[at]?.slice('publisherName:'.length).trim() ?? '');
  if (inline !== '') return inline.startsWith('[') ? inline.slice(1, -1).split(',').map((name) => unquote(name.trim())).filter(Boolean) : [inline];
  const names: string[] = [];
  for (const line of lines.slice(at + 1)) {
    const item = /^\s+-\s+(.+)$/u.exec(line);
    if (!item?.[1]) break;
    names.push(unquote(item[1].trim()));
  }
  return names.filter(Boolean);
}

const unquote = (text: string): string => text.replace(/^(['"])(.*)\1$/u, '$2');
