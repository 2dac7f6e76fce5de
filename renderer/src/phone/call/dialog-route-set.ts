/**
 * The route set of a dialog taken over after a reload (issue 24). RFC 3261
 * §12.1.2 fixes a dialog's route set with the request that created it; the
 * take-over's 200 usually carries no Record-Route (a proxy such as Kamailio
 * record-routes the initial INVITE, not a re-INVITE), and sip.js would build
 * the new page's dialog with an empty one: its ACK and every later request
 * would then leave without the Route headers the proxy needs. So while the
 * take-over is under way the phone's core hands the old route set to the
 * dialog sip.js creates from that 200, before the ACK goes.
 *
 * sip.js names the route set on neither its Inviter's options nor the
 * dialog's public surface: the state object is reached by name and checked
 * before it is touched; anything unexpected leaves it as sip.js made it.
 */
import type { Core, UserAgent } from 'sip.js';
import type { LiveDialog } from '../../../../common/ipc/live-call';

/** Installs the hand-over for the INVITE of `dialog` (Call-ID and From tag); returns the function that removes it. */
export function keepRouteSet(ua: UserAgent, dialog: LiveDialog): () => void {
  if (dialog.routeSet.length === 0) return () => undefined;
  const core = ua.userAgentCore;
  const invite = core.invite.bind(core);
  const handOver: typeof core.invite = (request, delegate) => {
    if (request.callId !== dialog.callId || request.fromTag !== dialog.localTag || !delegate) return invite(request, delegate);
    const onAccept = delegate.onAccept?.bind(delegate);
    return invite(request, {
      ...delegate,
      onAccept: (response: Core.AckableIncomingResponseWithSession) => {
        restoreRouteSet(response.session, dialog.routeSet);
        onAccept?.(response);
      },
    });
  };
  core.invite = handOver;
  // Only its own: another hand-over installed since stays in place.
  return () => {
    if (core.invite === handOver) core.invite = invite;
  };
}

function restoreRouteSet(session: object, routeSet: readonly string[]): void {
  const state: unknown = Reflect.get(session, 'dialogState');
  if (typeof state !== 'object' || state === null || !('routeSet' in state) || !Array.isArray(state.routeSet)) return;
  if (state.routeSet.length === 0) Reflect.set(state, 'routeSet', [...routeSet]);
}
