// Issue 21, point 9: the gaps an attack run found in log redaction, beyond the
// encoded forms (secrets-in-logs.property.test.ts).
import { describe, expect, it } from 'vitest';
import { redactText } from '../../main/services/logging';

describe('a password in a sip: or sips: URI', () => {
  it.each([
    ['sip:1001:hunter2@pbx.example.com', 'hunter2'],
    ['From: <sips:ana.garcia:Winter%202026@pbx.example.com;transport=ws>;tag=1', 'Winter%202026'],
    ['registering SIP:1001:s3cr3t!@10.0.0.5:5060', 's3cr3t!'],
  ])('is removed, the rest kept: %s', (text, password) => {
    const out = redactText(text);
    expect(out).not.toContain(password);
    expect(out).toMatch(/\[redacted\]@/u);
  });
});
