import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { NewUserInput, ProfileInput } from '../common';
import en from '../common/i18n/en.json';
import { fieldErrors, splitTags } from './form';

/** Looks keys up in the English texts, as i18next would. */
const t = ((key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en) ?? key) as unknown as TFunction;

describe('user forms', () => {
  it('shows the spec’s messages for the fields a new user gets wrong, one per field', () => {
    const errors = fieldErrors(
      NewUserInput,
      { username: 'ok_name', password: 'short', name: ' ', email: 'nope', phone: 'abc', level: 'si-customer' },
      t,
    );
    expect(errors).toEqual({
      password: 'User password must be at least 8 characters.',
      name: 'New full name cannot be empty.',
      email: 'Please enter a valid email.',
      phone: 'Phone format such as +85291234567',
      groupId: 'User group must be chosen first.',
    });
  });

  it('accepts a profile with empty optional contact fields', () => {
    expect(fieldErrors(ProfileInput, { name: 'Ada', email: null, phone: '' }, t)).toEqual({});
    expect(fieldErrors(ProfileInput, { name: 'Ada', email: 'ada@example.com', phone: '+852 9123 4567' }, t)).toEqual({});
  });

  it('splits device tags at commas, trimmed, without blanks or repeats', () => {
    expect(splitTags(' pumps, roof,,pumps , ')).toEqual(['pumps', 'roof']);
    expect(splitTags('')).toEqual([]);
  });
});
