// The PBX settings in force for transfers and outside numbers: the seed's
// `pbx` section at start, changed at runtime by the control routes, back to
// the seed on POST /__sim/reset.
import type { BlindTransferFinal, OutsidePartiesSettings, PbxSeed } from '../../seed/pbx-schema';

export interface TransferSettingsView {
  blindTransferFinal: BlindTransferFinal;
  transfererByeWaitMs: number;
  /** Campaigns whose calls may not be transferred. */
  transfersRefused: string[];
}

export class PbxSettings {
  private current: PbxSeed;

  constructor(private readonly seed: PbxSeed) {
    this.current = structuredClone(seed);
  }

  reset(): void {
    this.current = structuredClone(this.seed);
  }

  /** Asterisk `allow_transfer=no` for the calls of `campaign`. */
  refusesTransfers(campaign: string): boolean {
    return this.current.transfersRefused.includes(campaign);
  }

  setTransfersAllowed(campaign: string, allowed: boolean): void {
    const others = this.current.transfersRefused.filter((name) => name !== campaign);
    this.current.transfersRefused = allowed ? others : [...others, campaign];
  }

  get blindTransferFinal(): BlindTransferFinal {
    return this.current.blindTransferFinal;
  }

  /** The extension that echoes what it hears (`*43` by default). */
  get echoExtension(): string {
    return this.current.echoExtension;
  }

  get transfererByeWaitMs(): number {
    return this.current.transfererByeWaitMs;
  }

  transferView(): TransferSettingsView {
    const { blindTransferFinal, transfererByeWaitMs, transfersRefused } = this.current;
    return { blindTransferFinal, transfererByeWaitMs, transfersRefused: [...transfersRefused] };
  }

  setTransfer(change: Partial<Pick<TransferSettingsView, 'blindTransferFinal' | 'transfererByeWaitMs'>>): void {
    this.current = { ...this.current, ...change };
  }

  get outsideParties(): OutsidePartiesSettings {
    return this.current.outsideParties;
  }

  setOutsideParties(change: Partial<OutsidePartiesSettings>): void {
    this.current = { ...this.current, outsideParties: { ...this.current.outsideParties, ...change } };
  }
}
