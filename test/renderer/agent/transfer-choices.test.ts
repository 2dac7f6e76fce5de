import { describe, expect, it } from 'vitest';
import { parseTransferCampaigns } from '../../../common/domain/campaign-formats';
import { typedTarget, type DirectoryEntry } from '../../../common/domain/transfer-target';
import { allChoices, filterChoices, typedProblem, type ChoiceInputs } from '../../../renderer/src/agent/transfer/transfer-choices';

const directory: DirectoryEntry[] = [
  { name: 'Facturación', target: { kind: 'extension', extension: '2001' } },
  { name: 'Supervisora Laura', target: { kind: 'extension', extension: '1090' } },
  { name: 'Mesa de ayuda externa', target: { kind: 'number', number: '+59829001234' } },
];
const inputs = (over: Partial<ChoiceInputs> = {}): ChoiceInputs => ({ campaigns: ['Cobranzas->', 'Soporte<-'], directory, recent: [], locked: false, ...over });

describe('transferCampaigns', () => {
  it('reads one name or a list separated by , ; or |, without blanks or repeats', () => {
    expect(parseTransferCampaigns('Cobranzas->')).toEqual(['Cobranzas->']);
    expect(parseTransferCampaigns(' Cobranzas-> ; Soporte<- | Ventas->, Soporte<- ,, ')).toEqual(['Cobranzas->', 'Soporte<-', 'Ventas->']);
    expect(parseTransferCampaigns('')).toEqual([]);
    expect(parseTransferCampaigns(Array.from({ length: 80 }, (_, i) => `C${i}->`).join(','))).toHaveLength(50);
  });
});

describe('what the agent types', () => {
  it.each([
    ['1002', { kind: 'extension', extension: '1002' }],
    ['099 123-456', { kind: 'number', number: '099123456' }],
    ['+598 (99) 123.456', { kind: 'number', number: '+59899123456' }],
    ['ventas', null],
    ['', null],
    ['1002; DROP', null],
    ['sip:1002@evil', null],
  ])('%j → %j', (text, target) => {
    expect(typedTarget(text)).toEqual(target);
  });
});

describe('the transfer directory', () => {
  it("lists the call's campaigns by name, IT's entries, then recent targets not already listed", () => {
    const choices = allChoices(inputs({ recent: [{ kind: 'extension', extension: '2001' }, { kind: 'extension', extension: '1005' }, { kind: 'campaign', campaign: 'Ventas->' }] }));
    expect(choices.map((c) => [c.source, c.label, c.detail])).toEqual([
      ['campaign', 'Cobranzas->', ''],
      ['campaign', 'Soporte<-', ''],
      ['directory', 'Facturación', '2001'],
      ['directory', 'Supervisora Laura', '1090'],
      ['directory', 'Mesa de ayuda externa', '+59829001234'],
      ['recent', '1005', ''],
    ]);
  });

  it('filters as the agent types, blind to case and accents, by name or address', () => {
    expect(filterChoices(inputs(), 'factu').map((c) => c.label)).toEqual(['Facturación']);
    expect(filterChoices(inputs(), 'LAURA').map((c) => c.label)).toEqual(['Supervisora Laura']);
    expect(filterChoices(inputs(), '1090').map((c) => c.label)).toEqual(['Supervisora Laura']);
    expect(filterChoices(inputs(), 'soporte').map((c) => c.target)).toEqual([{ kind: 'campaign', campaign: 'Soporte<-' }]);
  });

  it('offers a typed extension or number that is not listed, unless IT locked the directory', () => {
    expect(filterChoices(inputs(), '1003').map((c) => [c.source, c.target])).toEqual([['typed', { kind: 'extension', extension: '1003' }]]);
    expect(filterChoices(inputs({ locked: true }), '1003')).toEqual([]);
    expect(typedProblem(inputs({ locked: true }), '1003')).toBe('not-in-directory');
    expect(typedProblem(inputs(), '1003')).toBeNull();
    expect(typedProblem(inputs(), '   ')).toBe('empty');
    expect(typedProblem(inputs(), 'sip:x@y')).toBe('malformed');
    expect(typedProblem(inputs(), '12ab')).toBe('malformed');
    // A name the directory does not hold: she is told so, not that a name is no extension.
    expect(typedProblem(inputs(), 'Bruno Díaz')).toBe('unknown-name');
    expect(typedProblem(inputs(), "o'neil-smith")).toBe('unknown-name');
    expect(typedProblem(inputs(), 'laura')).toBeNull();
  });

  it('never offers a recent campaign the call may not go to, nor, when locked, a recent target outside the directory', () => {
    const recent = [{ kind: 'campaign', campaign: 'Ventas->' } as const, { kind: 'number', number: '099111222' } as const];
    expect(allChoices(inputs({ recent })).map((c) => c.label)).toContain('099111222');
    expect(allChoices(inputs({ recent })).map((c) => c.label)).not.toContain('Ventas->');
    expect(allChoices(inputs({ recent, locked: true })).map((c) => c.label)).not.toContain('099111222');
  });
});
