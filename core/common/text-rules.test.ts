import { plainToInstance } from 'class-transformer';
import { IsOptional, IsString, validateSync } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { IsNotBlank, Trim } from './text-rules';

class Named {
  @Trim()
  @IsString()
  @IsNotBlank({ message: 'demo.nameRequired' })
  name!: string;

  @Trim()
  @IsOptional()
  @IsString()
  note?: string;
}

const problems = (plain: object) =>
  validateSync(plainToInstance(Named, plain)).map((error) => [error.property, Object.values(error.constraints ?? {})]);

describe('Trim and IsNotBlank', () => {
  it('refuses a name of spaces, tabs or line breaks with the model’s message', () => {
    for (const name of ['', ' ', ' \t\n ', '\u00a0']) expect(problems({ name })).toEqual([['name', ['demo.nameRequired']]]);
  });

  it('hands the rules and the caller the trimmed text, and leaves missing or non-text values alone', () => {
    expect(plainToInstance(Named, { name: '  Plant 1 ', note: ' warm ' })).toEqual({ name: 'Plant 1', note: 'warm' });
    expect(plainToInstance(Named, { name: 'Plant' }).note).toBeUndefined();
    expect(problems({ name: 'Plant' })).toEqual([]);
    expect(problems({ name: 42 })[0]?.[0]).toBe('name');
  });

  it('refuses blank text even without Trim', () => {
    class Untrimmed {
      @IsNotBlank()
      name!: string;
    }
    expect(validateSync(Object.assign(new Untrimmed(), { name: '   ' }))[0]?.constraints).toHaveProperty('isNotBlank');
  });
});
