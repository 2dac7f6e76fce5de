// Links arrive before the window can show them (macOS sends `open-url` before
// `ready`; a first launch carries the link in argv). The router parses each
// link at once through `handleDialLink` and holds the latest until the UI is
// ready: an agent who clicks twice wants the last number. Pure.
import { handleDialLink, type DialLinkResult } from '../../common/dial-link';
import { dialLinkFromArgv } from './protocol-argv';

export interface DialLinkRouter {
  /** A raw link (macOS `open-url`, the browser host). Returns what it was parsed into. */
  receive(rawUrl: string): DialLinkResult;
  /** A command line (first launch or `second-instance`); undefined when it carries no link. */
  receiveArgv(argv: readonly string[]): DialLinkResult | undefined;
  /** The UI can take links now: delivers the one held, if any, then every later one at once. */
  markReady(): void;
  /** The UI went away (window closed/reloading): hold links again. */
  markNotReady(): void;
}

export function createDialLinkRouter(deliver: (result: DialLinkResult) => void): DialLinkRouter {
  let ready = false;
  let held: DialLinkResult | undefined;

  const router: DialLinkRouter = {
    receive(rawUrl) {
      const result = handleDialLink(rawUrl);
      if (ready) deliver(result);
      else held = result;
      return result;
    },
    receiveArgv(argv) {
      const link = dialLinkFromArgv(argv);
      return link === undefined ? undefined : router.receive(link);
    },
    markReady() {
      ready = true;
      const pending = held;
      held = undefined;
      if (pending) deliver(pending);
    },
    markNotReady() {
      ready = false;
    },
  };
  return router;
}
