import { describe, expect, it } from 'vitest';
import { auditChanges, auditLeaves, auditText, maskSecrets } from './audit';

describe('audit changes', () => {
  it('lists only the changed fields, leaves out bookkeeping and masks secrets at any depth', () => {
    const before = { name: 'Pump', password: 'old-secret', updatedAt: '2026-01-01', setting: { url: 'a', apiKey: 'k1' } };
    const after = { name: 'Pump 2', password: 'new-secret', updatedAt: '2026-01-02', setting: { url: 'b', apiKey: 'k2' } };
    expect(auditChanges(before, after)).toEqual([
      { field: 'name', old: 'Pump', new: 'Pump 2' },
      { field: 'password', old: '***', new: '***' },
      { field: 'setting', old: { url: 'a', apiKey: '***' }, new: { url: 'b', apiKey: '***' } },
    ]);
    expect(auditChanges(null, { token: 't', tags: [{ secret: 's' }] })).toEqual([
      { field: 'token', new: '***' },
      { field: 'tags', new: [{ secret: '***' }] },
    ]);
    expect(maskSecrets({ reason: 'x', nested: { appKey: 'k' } })).toEqual({ reason: 'x', nested: { appKey: '***' } });
  });

  it('lists each changed setting of a nested row by its path, with old and new values', () => {
    const before = auditLeaves({ unit: '°C', ranges: [{ min: 0, max: 30 }], headers: 'Authorization: Bearer a' }, 'temperature');
    const after = auditLeaves({ unit: '°C', ranges: [{ min: 0, max: 35 }], headers: 'Authorization: Bearer b' }, 'temperature');
    expect(auditChanges(before, after)).toEqual([
      { field: 'temperature.ranges.0.max', old: 30, new: 35 },
      { field: 'temperature.headers', old: '***', new: '***' },
    ]);
    expect(auditLeaves(null, 'temperature')).toBeNull();
    expect(auditChanges(auditLeaves({ proxy: { authorization: 'Basic x' } }), null)).toEqual([
      { field: 'proxy.authorization', old: '***' },
    ]);
  });

  it('keeps hostile text storable: NUL and lone surrogates replaced, long texts cut without splitting a pair', () => {
    expect(auditChanges(null, { name: 'a\u0000b', tags: ['x\ud800y'] })).toEqual([
      { field: 'name', new: 'a\uFFFDb' },
      { field: 'tags', new: ['x\uFFFDy'] },
    ]);
    const cut = auditText(`${'a'.repeat(199)}😀`);
    expect(cut).toBe(`${'a'.repeat(199)}\uFFFD…`);
    expect(auditText('short')).toBe('short');
  });
});
