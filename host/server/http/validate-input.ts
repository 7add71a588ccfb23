import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validate, type ValidationError } from 'class-validator';
import { isNullable } from '@sensorium/core/common';
import { HttpError, type InputModel } from '@sensorium/core/server';

export interface FieldProblem {
  /** Dotted path of the offending field, e.g. `setting.severitySetting.1.name`. */
  field: string;
  /** i18n key: `validation.<constraint>`, or the decorator's own message when that is a key (`{ message: 'applications.idTaken' }`). */
  code: string;
  /** The decorator's arguments as constraint1, constraint2... for the message, e.g. the 20 of MaxLength(20). */
  params: Record<string, string | number>;
}

/** A 400 naming every offending field; the error handler translates it. */
export class ValidationFailure extends Error {
  constructor(readonly problems: FieldProblem[]) {
    super(`Invalid input: ${problems.map((problem) => `${problem.field} (${problem.code})`).join(', ')}`);
    this.name = 'ValidationFailure';
  }
}

function printable(value: unknown): string | number {
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(printable).join(', ');
  if (value && typeof value === 'object' && !(value instanceof RegExp)) return Object.values(value).map(printable).join(', ');
  return String(value);
}

/** Finds the arguments of the decorator that produced `constraint`, so messages can say "at most 20 characters". */
function constraintParams(target: object | undefined, property: string, constraint: string): Record<string, string | number> {
  if (!target) return {};
  const metadata = getMetadataStorage()
    .getTargetValidationMetadatas(target.constructor, '', true, false)
    .find((entry) => entry.propertyName === property && (entry.name === constraint || entry.type === constraint));
  const values = (metadata?.constraints ?? []).filter((value) => typeof value !== 'function');
  return Object.fromEntries(values.map((value, index) => [`constraint${index + 1}`, printable(value)]));
}

/** Presence rules say most about an empty field; after them, the rule written first (decorators register bottom-up). */
const PRESENCE_RULES = ['isDefined', 'isNotEmpty', 'arrayNotEmpty'];
const UNKNOWN_FIELD = 'whitelistValidation';

function mainConstraint(constraints: Record<string, string>): [string, string] {
  const entries = Object.entries(constraints).reverse();
  return entries.find(([name]) => PRESENCE_RULES.includes(name)) ?? entries[0]!;
}

/** One problem per offending field (nested fields by dotted path). */
function problemsOf(errors: ValidationError[], isKey: (text: string) => boolean, parent = ''): FieldProblem[] {
  return errors.flatMap((error): FieldProblem[] => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const nested = problemsOf(error.children ?? [], isKey, field);
    if (!error.constraints || Object.keys(error.constraints).length === 0) return nested;
    const [constraint, message] = mainConstraint(error.constraints);
    const code = isKey(message) ? message : `validation.${constraint}`;
    return [{ field, code, params: constraintParams(error.target, error.property, constraint) }, ...nested];
  });
}

/** Unknown fields are named after the model's own. */
function unknownFieldsLast(problems: FieldProblem[]): FieldProblem[] {
  const unknown = (problem: FieldProblem) => problem.code === `validation.${UNKNOWN_FIELD}`;
  return [...problems.filter((problem) => !unknown(problem)), ...problems.filter(unknown)];
}

/** Deeper input is refused before class-transformer and class-validator recurse through it. */
export const MAX_INPUT_DEPTH = 64;

// A UTF-16 surrogate without its partner: not text, and PostgreSQL refuses it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text no column can store: NUL (PostgreSQL text refuses \u0000) and lone surrogates, in any string at any depth
 * (keys too). Also refuses input nested deeper than MAX_INPUT_DEPTH.
 */
function textProblems(value: unknown, path: string, depth = 0): FieldProblem[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return [{ field: path, code: 'validation.noNulCharacter', params: {} }];
    if (LONE_SURROGATE.test(value)) return [{ field: path, code: 'validation.wellFormedText', params: {} }];
    return [];
  }
  if (!value || typeof value !== 'object') return [];
  if (depth >= MAX_INPUT_DEPTH) throw HttpError.badRequest('errors.inputTooDeep');
  return Object.entries(value).flatMap(([key, item]) => {
    const field = path ? `${path}.${key}` : key;
    return [...textProblems(key, field), ...textProblems(item, field, depth + 1)];
  });
}

/**
 * Path parameters and query strings of a route without an input model still reach queries (the application scope's
 * lookup first): text no column can hold is refused there too, with the same 400 naming the field.
 */
export function refuseUnstorableText(raw: unknown): void {
  const text = textProblems(raw, '');
  if (text.length > 0) throw new ValidationFailure(text);
}

/** One value of a validated model: a property's value, or each item of a list property (`field` ends in its index). */
interface ModelValue {
  model: object;
  property: string;
  field: string;
  value: unknown;
  listItem: boolean;
}

/** Every value of a model instance, nested model instances included (plain objects, e.g. IsObject fields, are data). */
function modelValues(model: object, path = ''): ModelValue[] {
  return Object.entries(model).flatMap(([property, value]): ModelValue[] => {
    const field = path ? `${path}.${property}` : property;
    const entries: ModelValue[] = Array.isArray(value)
      ? value.map((item: unknown, index) => ({ model, property, field: `${field}.${index}`, value: item, listItem: true }))
      : [{ model, property, field, value, listItem: false }];
    return entries.flatMap((entry) => {
      const item = entry.value;
      const nested = item && typeof item === 'object' && item.constructor !== Object && !(item instanceof Date);
      return nested ? [entry, ...modelValues(item as object, entry.field)] : [entry];
    });
  });
}

/**
 * Integers past Number.MAX_SAFE_INTEGER (`offset=1e308`) pass IsInt but are not exact and overflow bigint columns:
 * every IsInt field, nested models included, must hold a safe integer.
 */
function unsafeIntegers(instance: object): FieldProblem[] {
  const intFields = (model: object) =>
    getMetadataStorage()
      .getTargetValidationMetadatas(model.constructor, '', true, false)
      .filter((entry) => entry.name === 'isInt')
      .map((entry) => entry.propertyName);
  return modelValues(instance)
    .filter(
      ({ model, property, value }) =>
        typeof value === 'number' && !Number.isSafeInteger(value) && intFields(model).includes(property),
    )
    .map(({ field }) => ({ field, code: 'validation.safeInteger', params: {} }));
}

/**
 * `null` where the model does not say `@Nullable()`: IsOptional and ValidateIf let it through class-validator, and it
 * would reach `.trim()`, `.map()` or a NOT NULL column. List items are left to the list's own rules.
 */
function unexpectedNulls(instance: object): FieldProblem[] {
  return modelValues(instance)
    .filter(({ model, property, value, listItem }) => value === null && !listItem && !isNullable(model, property))
    .map(({ field }) => ({ field, code: 'validation.notNull', params: {} }));
}

/**
 * Builds an instance of the input model from the raw params, query or body and validates it:
 * unknown properties are refused (forbidNonWhitelisted), so a typo in a field name is an error, not silently ignored.
 * Bad input of any kind is a 400, never a 500: text no column can hold, unsafe integers, `null` where the model does
 * not declare it `@Nullable()`, and a validator that throws.
 */
export async function validateInput<T>(
  model: InputModel<T> | undefined,
  raw: unknown,
  isKey: (text: string) => boolean,
): Promise<T> {
  if (!model) return raw as T;
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) {
    throw HttpError.badRequest('errors.badRequest');
  }
  refuseUnstorableText(raw);
  const instance = plainToInstance(model, raw ?? {}) as T & object;
  let errors: ValidationError[];
  try {
    errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  } catch {
    // A validator may still throw on odd input (validator.js isEmail: URIError on lone surrogates, refused above).
    throw HttpError.badRequest('errors.badRequest');
  }
  const found = problemsOf(errors, isKey);
  const reported = new Set(found.map((problem) => problem.field));
  const problems = [...found, ...unexpectedNulls(instance).filter((problem) => !reported.has(problem.field))];
  if (problems.length > 0) throw new ValidationFailure(unknownFieldsLast(problems));
  const unsafe = unsafeIntegers(instance);
  if (unsafe.length > 0) throw new ValidationFailure(unsafe);
  return instance;
}
