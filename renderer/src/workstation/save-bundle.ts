// "Save diagnostics file" (issue 26): the page sends its part (the phone's SIP
// trace, its browser and language) and main builds the bundle; Electron saves
// it where the person chooses, the browser host hands it back and the page
// downloads it (a link to a blob, clicked: no pop-up, nothing left behind).
import type { BundleReply, IpcError } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { pageSipTrace } from '../shell/page-sip-trace';

export type BundleOutcome = { kind: 'saved'; fileName: string; bytes: number } | { kind: 'cancelled' } | { kind: 'failed'; error: IpcError };

export async function saveDiagnosticsBundle(api: SoftphoneApi, language: string): Promise<BundleOutcome> {
  const reply = await api.request('workstation.diagnosticsBundle', { sipTrace: pageSipTrace.read(), page: { userAgent: navigator.userAgent.slice(0, 512), language } });
  if (!reply.ok) return { kind: 'failed', error: reply.error };
  return deliver(reply.value);
}

function deliver(reply: BundleReply): BundleOutcome {
  if (reply.kind !== 'download') return reply;
  const url = URL.createObjectURL(new Blob([reply.json], { type: 'application/json' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = reply.fileName;
    link.click();
  } finally {
    // The download has its own copy once started; the next task is late enough to let go of ours.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return { kind: 'saved', fileName: reply.fileName, bytes: reply.bytes };
}
