// Where a tel:/callto:/sip: link sits on a command line. Windows and Linux
// start the app (or a second instance) with the link as an argument, after the
// executable, the app path in development, and any flags Chromium adds
// (`--original-process-start-time=…`, `--allow-file-access-from-files`).
// macOS never does: it sends the `open-url` event. Pure.
import { DIAL_LINK_SCHEMES } from '../../common/dial-link';

const LINK_START = new RegExp(`^(?:${DIAL_LINK_SCHEMES.join('|')}):`, 'iu');

/** The first argument (after the executable) that is a dial link, or undefined. */
export function dialLinkFromArgv(argv: readonly string[]): string | undefined {
  for (const argument of argv.slice(1)) {
    const unquoted = argument.trim().replace(/^"(.*)"$/su, '$1');
    if (LINK_START.test(unquoted)) return unquoted;
  }
  return undefined;
}
