import { validate } from 'class-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '@zxcvbn-ts/language-common';
import { IsUsablePassword, passwordProblem, setCommonPasswords } from './password-rule';

class NewPassword {
  @IsUsablePassword()
  password!: string;
}

describe('the password rule', () => {
  beforeAll(() => setCommonPasswords(dictionary['passwords-common'] as string[]));

  it('refuses passwords of spaces only and common passwords, whatever their case', () => {
    expect(passwordProblem('        ')).toBe('validation.passwordBlank');
    expect(passwordProblem(' \t  ')).toBe('validation.passwordBlank');
    expect(passwordProblem('password')).toBe('validation.passwordCommon');
    expect(passwordProblem('PassWord')).toBe('validation.passwordCommon');
    expect(passwordProblem('12345678')).toBe('validation.passwordCommon');
    expect(passwordProblem('qwertyuiop')).toBe('validation.passwordCommon');
    expect(passwordProblem(' password ')).toBe('validation.passwordCommon');
  });

  it('accepts uncommon passwords and leaves short ones to the length rules', () => {
    expect(passwordProblem('correct-horse-battery')).toBeNull();
    expect(passwordProblem('test-admin-password')).toBeNull();
    expect(passwordProblem('tiny')).toBeNull();
    expect(passwordProblem('')).toBeNull();
  });

  it('reports the problem as the field’s i18n key through class-validator', async () => {
    const input = Object.assign(new NewPassword(), { password: 'password' });
    const [error] = await validate(input);
    expect(error?.property).toBe('password');
    expect(Object.values(error?.constraints ?? {})).toEqual(['validation.passwordCommon']);
    const spaces = Object.assign(new NewPassword(), { password: '        ' });
    expect(Object.values((await validate(spaces))[0]?.constraints ?? {})).toEqual(['validation.passwordBlank']);
    expect(await validate(Object.assign(new NewPassword(), { password: 'uncommon-pass-77' }))).toEqual([]);
  });
});
