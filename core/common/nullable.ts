import { ValidateIf } from 'class-validator';

/** The nullable properties each input model declares itself, by the model's prototype. */
const declared = new WeakMap<object, Set<string>>();

/**
 * The property may be sent as `null` (e.g. "no end customer", "clear the override"): its other rules apply only to
 * other values. Input models refuse `null` everywhere else with a 400 naming the field, even where `@IsOptional()`
 * would let it through, so handlers never meet a null they did not ask for.
 */
export function Nullable(): PropertyDecorator {
  const skipRulesForNull = ValidateIf((_input: object, value: unknown) => value !== null);
  return (prototype, property) => {
    const properties = declared.get(prototype) ?? new Set<string>();
    properties.add(String(property));
    declared.set(prototype, properties);
    skipRulesForNull(prototype, property);
  };
}

/** Whether `property` of this model instance (or of a model it extends) is marked `@Nullable()`. */
export function isNullable(instance: object, property: string): boolean {
  for (let prototype = Object.getPrototypeOf(instance); prototype; prototype = Object.getPrototypeOf(prototype)) {
    if (declared.get(prototype as object)?.has(property)) return true;
  }
  return false;
}
