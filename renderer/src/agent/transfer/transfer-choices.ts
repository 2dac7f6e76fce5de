// The transfer directory the agent picks from (issue 22): the campaigns a call
// of this campaign may go to (`transferCampaigns`, shown by name), IT's named
// targets (like quick connects), and where the agent transferred last; then
// what the agent types, read as an extension or an outside number. Filtered as
// the agent types. Pure: the dialog renders it, tests read it.
import { sameTarget, targetText, typedTarget, type DirectoryEntry, type TransferTarget } from '../../../../common/domain/transfer-target';

export type ChoiceSource = 'campaign' | 'directory' | 'recent' | 'typed';

export interface TransferChoice {
  readonly key: string;
  /** What the agent reads: the directory name, the campaign's name, or the target itself. */
  readonly label: string;
  /** The address beside the label (an extension or a number), '' for a campaign. */
  readonly detail: string;
  readonly target: TransferTarget;
  readonly source: ChoiceSource;
}

export interface ChoiceInputs {
  /** The call's campaign's `transferCampaigns`; empty when the call has no campaign or it lists none. */
  readonly campaigns: readonly string[];
  readonly directory: readonly DirectoryEntry[];
  readonly recent: readonly TransferTarget[];
  /** IT locked the directory: only its entries and the call's campaigns may be chosen. */
  readonly locked: boolean;
}

/** Every choice before filtering: campaigns, then the directory, then recent targets not already listed. */
export function allChoices(inputs: ChoiceInputs): TransferChoice[] {
  const choices: TransferChoice[] = [];
  const add = (choice: Omit<TransferChoice, 'key'>) => {
    if (choices.some((c) => sameTarget(c.target, choice.target))) return;
    choices.push({ ...choice, key: `${choice.source}:${choice.target.kind}:${targetText(choice.target)}` });
  };
  for (const campaign of inputs.campaigns) add({ label: campaign, detail: '', target: { kind: 'campaign', campaign }, source: 'campaign' });
  for (const entry of inputs.directory) add({ label: entry.name, detail: entry.target.kind === 'campaign' ? '' : targetText(entry.target), target: entry.target, source: 'directory' });
  for (const target of inputs.recent) {
    if (inputs.locked && !allowedWhenLocked(target, inputs)) continue;
    // A campaign the call may not go to is not offered again from the recent list.
    if (target.kind === 'campaign' && !inputs.campaigns.includes(target.campaign)) continue;
    add({ label: targetText(target), detail: '', target, source: 'recent' });
  }
  return choices;
}

function allowedWhenLocked(target: TransferTarget, inputs: ChoiceInputs): boolean {
  return inputs.directory.some((entry) => sameTarget(entry.target, target)) || (target.kind === 'campaign' && inputs.campaigns.includes(target.campaign));
}

/** The choices matching `query` (any word of label or address, case- and accent-blind), then the typed target if it is new. */
export function filterChoices(inputs: ChoiceInputs, query: string): TransferChoice[] {
  const words = fold(query).split(/\s+/u).filter(Boolean);
  const listed = allChoices(inputs).filter((choice) => words.every((word) => fold(`${choice.label} ${choice.detail}`).includes(word)));
  const typed = typedTarget(query);
  if (!typed || inputs.locked || listed.some((choice) => sameTarget(choice.target, typed))) return listed;
  return [...listed, { key: `typed:${typed.kind}:${targetText(typed)}`, label: targetText(typed), detail: '', target: typed, source: 'typed' }];
}

/** A colleague's name, as the field's label invites: letters, spaces, dots, apostrophes and hyphens only. */
const LOOKS_LIKE_A_NAME = /^[\p{L}\p{M}\s.'’-]+$/u;

/**
 * Why what the agent typed cannot be a target, or null: nothing usable, a name the directory does not
 * hold (she is told to type the extension, not that a name is "not an extension"), or IT allows only its directory.
 */
export function typedProblem(inputs: ChoiceInputs, query: string): 'empty' | 'malformed' | 'unknown-name' | 'not-in-directory' | null {
  if (query.trim() === '') return 'empty';
  if (filterChoices(inputs, query).length > 0) return null;
  const typed = typedTarget(query);
  if (!typed) return LOOKS_LIKE_A_NAME.test(query.trim()) ? 'unknown-name' : 'malformed';
  return inputs.locked ? 'not-in-directory' : null;
}

const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
