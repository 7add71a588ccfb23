import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * Leading and trailing white space is dropped before the rules run, so "  Plant  " is stored as "Plant" and a value of
 * spaces only meets the presence rules as "". Applied wherever the model is built with class-transformer: by the
 * server's input pipeline and by forms that validate with the same model.
 */
export function Trim(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
}

/** Text with at least one character that is not white space (constraint `isNotBlank`). */
export function IsNotBlank(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNotBlank',
      validator: { validate: (value: unknown) => typeof value === 'string' && value.trim() !== '' },
    },
    options,
  );
}
