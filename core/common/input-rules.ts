import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, ValidateNested } from 'class-validator';

/**
 * The decorators as if written one above the other: applied from the last to the first, as TypeScript applies a
 * stack, so the rules register (and report) in the same order as the spelled-out stack.
 */
function stacked(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (prototype, property) => decorators.reduceRight<void>((_, decorate) => decorate(prototype, property), undefined);
}

/** An input model's class. */
type InputClass = new (...args: never[]) => object;

/** One nested input model, turned into `type` and validated by its own rules. */
export function NestedInput(type: () => InputClass): PropertyDecorator {
  return stacked(ValidateNested(), Type(type));
}

/** A list of at most `max` nested input models of `type`, each validated by its own rules. */
export function NestedInputList(type: () => InputClass, max: number): PropertyDecorator {
  return stacked(IsArray(), ArrayMaxSize(max), ValidateNested({ each: true }), Type(type));
}

/** Exactly `count` true/false flags, such as the seven weekdays of a time slot. */
export function BooleanFlags(count: number): PropertyDecorator {
  return stacked(IsArray(), ArrayMinSize(count), ArrayMaxSize(count), IsBoolean({ each: true }));
}
