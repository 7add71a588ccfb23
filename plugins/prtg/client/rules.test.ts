import { describe, expect, it } from 'vitest';
import { validate } from './rules';

describe('PRTG wizard form rules', () => {
  it('needs a host', () => {
    expect(validate({ host: '  ' })).toEqual(['prtg.errors.host']);
    expect(validate({ host: 'prtg.example.com' })).toEqual([]);
  });
});
