import { describe, expect, it } from 'vitest';
import { ctiPairs, formName, MAX_CTI_PAIRS } from '../../common/domain/cti-data';

describe('ctiPairs', () => {
  it.each([
    ['nombre=Carlos Pérez', [{ name: 'nombre', value: 'Carlos Pérez' }]],
    ['nombre=Carlos Pérez;cuenta=10234;motivo=Factura', [{ name: 'nombre', value: 'Carlos Pérez' }, { name: 'cuenta', value: '10234' }, { name: 'motivo', value: 'Factura' }]],
    ['a=1|b=2\nc=3', [{ name: 'a', value: '1' }, { name: 'b', value: '2' }, { name: 'c', value: '3' }]],
    ['hora=10:30;url=https://x.example/?a=b', [{ name: 'hora', value: '10:30' }, { name: 'url', value: 'https://x.example/?a=b' }]],
    ['', []],
    ['=sin nombre;solo texto; ;x=', [{ name: 'x', value: '' }]],
    ['<b>=<script>alert(1)</script>', [{ name: '<b>', value: '<script>alert(1)</script>' }]],
  ])('%j', (text, expected) => {
    expect(ctiPairs(text)).toEqual(expected);
  });

  it('is bounded: pairs, names and values', () => {
    const many = Array.from({ length: 500 }, (_, i) => `k${i}=${'v'.repeat(1000)}`).join(';');
    const pairs = ctiPairs(many);
    expect(pairs).toHaveLength(MAX_CTI_PAIRS);
    expect(pairs.every((p) => p.value.length === 256)).toBe(true);
    expect(ctiPairs(`${'n'.repeat(500)}=1`)[0]?.name).toHaveLength(64);
  });
});

describe('formName', () => {
  it.each([['cobranzasForm|true', 'cobranzasForm'], ['testCapacitacion', 'testCapacitacion'], ['', null], [undefined, null], ['|true', null]])('%j → %j', (form, expected) => {
    expect(formName(form)).toBe(expected);
  });
});
