import { describe, expect, it } from 'vitest';
import { isImageFile } from './site-image';

describe('site image rule (spec 5)', () => {
  it('accepts raster images only', () => {
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'image/jpeg' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
    expect(isImageFile({ type: 'image/svg+xml' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
  });
});
