// Dialogs the platform held and ended, remembered for a while: a Replaces
// (an INVITE's or a REFER's) that names one gets "already ended" (603) rather
// than "unknown" (481/404), as pjsip answers while it still has the dialog.
// Bounded both in time and in count, whatever a phone does.

/** How long an ended dialog is remembered (as long as the route of an ended call). */
export const ENDED_DIALOG_KEPT_MS = 60_000;
/** At most this many are remembered; the oldest go first. */
export const ENDED_DIALOGS_KEPT = 1_000;

export class EndedDialogs {
  // Insertion order = end order, so the oldest are first.
  private readonly endedAt = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  remember(callId: string, localTag: string, remoteTag: string): void {
    const key = dialogKey(callId, localTag, remoteTag);
    this.endedAt.delete(key);
    this.endedAt.set(key, this.now());
    this.prune();
  }

  has(callId: string, localTag: string, remoteTag: string): boolean {
    this.prune();
    return this.endedAt.has(dialogKey(callId, localTag, remoteTag));
  }

  get size(): number {
    return this.endedAt.size;
  }

  private prune(): void {
    const oldest = this.now() - ENDED_DIALOG_KEPT_MS;
    for (const [key, at] of this.endedAt) {
      if (at >= oldest && this.endedAt.size <= ENDED_DIALOGS_KEPT) break;
      this.endedAt.delete(key);
    }
  }
}

function dialogKey(callId: string, localTag: string, remoteTag: string): string {
  return JSON.stringify([callId, localTag, remoteTag]);
}
