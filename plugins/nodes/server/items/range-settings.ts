import { HttpError } from '@sensorium/core/server';
import type { RangeActionValidator } from '../../common/range-action-validators';
import { rangeActionValue, withRangeActionValue } from '../../common/range-actions';
import type { RangeEntry } from '../../common/field-preference';

/**
 * A range action's setting checked by its plugin's validators (nodes.range-action-validators/v1): 400 naming
 * `path` and the problem's place under it, else the setting as stored. A key no plugin checks is refused: nothing
 * installed would read it.
 */
export function checkedRangeSetting(
  validators: readonly RangeActionValidator[],
  key: string,
  value: unknown,
  path: string,
): unknown {
  const own = validators.filter((validator) => validator.key === key);
  if (own.length === 0) throw HttpError.badRequest('validation.invalid', path);
  for (const validator of own) {
    const [problem] = validator.validate(value);
    if (problem) throw HttpError.badRequest(problem.code, problem.field ? `${path}.${problem.field}` : path, problem.params);
  }
  return own.reduce((current, validator) => validator.normalize(current), value);
}

/** Each range's settings that a validator checks, checked and stored as normalised (`path` names the ranges). */
export function checkedRanges(validators: readonly RangeActionValidator[], ranges: RangeEntry[], path: string): RangeEntry[] {
  return ranges.map((range, index) =>
    [...new Set(validators.map((validator) => validator.key))].reduce((current, key) => {
      const value = rangeActionValue(current, key);
      if (value === undefined) return current;
      return withRangeActionValue(current, key, checkedRangeSetting(validators, key, value, `${path}.${index}.${key}`));
    }, range),
  );
}
