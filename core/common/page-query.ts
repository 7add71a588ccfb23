import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Applies each decorator in turn, so a list's query fields carry the same rules (and OpenAPI schema) everywhere. */
function all(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (prototype, property) => decorators.forEach((decorate) => decorate(prototype, property));
}

/** Optional whole number from the query string within [min, max]. */
function optionalWholeNumber(min: number, max: number): PropertyDecorator {
  return all(
    IsOptional(),
    Type(() => Number),
    IsInt(),
    Min(min),
    Max(max),
  );
}

/** A list query's page, counting from `first` (0 unless the list's pages count from 1). */
export function PageNumber(first: 0 | 1 = 0): PropertyDecorator {
  return optionalWholeNumber(first, 100_000);
}

/** A list query's rows a page, 1 to 100. */
export function PageSize(): PropertyDecorator {
  return optionalWholeNumber(1, 100);
}

/** An export's browser offset from UTC in minutes (480 in Hong Kong), for the times it writes. */
export function UtcOffsetMinutes(): PropertyDecorator {
  return optionalWholeNumber(-840, 840);
}
