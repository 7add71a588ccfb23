import { describe, expect, it } from 'vitest';
import { validate } from './rules';

describe('crawler wizard form rules (spec 5)', () => {
  it('asks to fill out an empty URL and refuses an invalid one', () => {
    expect(validate({ url: '' })).toEqual(['crawler.errors.fillOut']);
    expect(validate({ url: 'not a url' })).toEqual(['crawler.errors.url']);
    expect(validate({ url: 'https://api.example.com/values' })).toEqual([]);
    expect(validate({ url: 'https://api.example.com/values', intervalSec: '0' })).toEqual(['crawler.errors.interval']);
  });
});
