import { describe, expect, it } from 'vitest';
import { readCtiHeader } from '../../../renderer/src/phone/call/cti-header';

const json = '{"Guid":"824da669","Screen":"FALSE","Form":"f","Campaign":"SalienteTest->","Callerid":"17410632","ParAndValues":"","Beep":"FALSE","Answer":"FALSE","Extra":"kept"}';

describe('CTI header', () => {
  it('parses raw JSON and keeps unknown keys', () => {
    const r = readCtiHeader(json);
    expect(r.error).toBeNull();
    expect(r.cti).toMatchObject({ Guid: '824da669', Campaign: 'SalienteTest->', Extra: 'kept' });
  });

  it('tolerates quotes, URL-encoding and base64', () => {
    for (const v of [`"${json.replace(/"/g, '\\"')}"`, encodeURIComponent(json), btoa(json)]) {
      expect(readCtiHeader(v).cti?.Guid).toBe('824da669');
    }
  });

  it('reports garbage in plain words instead of throwing, and absence as no CTI', () => {
    expect(readCtiHeader('not json').cti).toBeNull();
    expect(readCtiHeader('not json').error).toMatch(/not JSON/);
    expect(readCtiHeader('{"Screen":"FALSE"}').error).toMatch(/invalid/);
    expect(readCtiHeader(undefined)).toEqual({ cti: null, error: null });
  });
});
