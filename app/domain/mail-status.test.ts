import { describe, expect, it } from 'vitest';
import { isMailStatus } from './mail-status.ts';

describe('isMailStatus', () => {
  it('knows the three outbox states only', () => {
    for (const s of ['pending', 'sent', 'failed']) expect(isMailStatus(s)).toBe(true);
    for (const s of ['', 'SENT', 'queued', null, 1]) expect(isMailStatus(s)).toBe(false);
  });
});
