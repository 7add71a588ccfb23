import { plainToInstance } from 'class-transformer';
import { IsInt, validateSync } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { BooleanFlags, NestedInput, NestedInputList } from './input-rules';

class Part {
  @IsInt()
  value!: number;
}

class Whole {
  @NestedInput(() => Part)
  one!: Part;

  @NestedInputList(() => Part, 2)
  many!: Part[];

  @BooleanFlags(3)
  flags!: boolean[];
}

const valid = { one: { value: 1 }, many: [{ value: 2 }], flags: [true, false, true] };
const problems = (plain: object) => validateSync(plainToInstance(Whole, plain)).map((error) => error.property);

describe('NestedInput, NestedInputList and BooleanFlags', () => {
  it('turns nested plain objects into their input models and accepts a valid whole', () => {
    const whole = plainToInstance(Whole, valid);
    expect(whole.one).toBeInstanceOf(Part);
    expect(whole.many[0]).toBeInstanceOf(Part);
    expect(problems(valid)).toEqual([]);
  });

  it('validates nested models by their own rules', () => {
    expect(problems({ ...valid, one: { value: 'x' } })).toEqual(['one']);
    expect(problems({ ...valid, many: [{ value: 1.5 }] })).toEqual(['many']);
  });

  it('refuses a list that is too long or not a list, and flags of the wrong count or kind', () => {
    expect(problems({ ...valid, many: [{ value: 1 }, { value: 2 }, { value: 3 }] })).toEqual(['many']);
    expect(problems({ ...valid, many: 'x' })).toEqual(['many']);
    expect(problems({ ...valid, flags: [true, false] })).toEqual(['flags']);
    expect(problems({ ...valid, flags: [true, false, true, false] })).toEqual(['flags']);
    expect(problems({ ...valid, flags: [true, 1, false] })).toEqual(['flags']);
  });

  it('reports the rules in the order of the spelled-out stack', () => {
    const [error] = validateSync(plainToInstance(Whole, { ...valid, flags: 'x' }));
    expect(Object.keys(error?.constraints ?? {})).toEqual(['isBoolean', 'arrayMaxSize', 'arrayMinSize', 'isArray']);
  });
});
