// Errors the page did not catch go to main's log (redacted there, rate-bounded),
// so "Copy diagnostics" and the log files show what broke in the UI too.
import type { SoftphoneApi } from '../bridge';

type ErrorTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

export function forwardRendererErrors(api: SoftphoneApi, target: ErrorTarget): () => void {
  const send = (message: string) => void api.request('workstation.log', { level: 'error', message: message.slice(0, 8192) });
  const onError = (event: ErrorEvent) => send(`Uncaught error in the page: ${event.message}`);
  const onRejection = (event: PromiseRejectionEvent) =>
    send(`Unhandled promise rejection in the page: ${event.reason instanceof Error ? event.reason.message : String(event.reason)}`);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
