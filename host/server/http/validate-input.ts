import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validate, type ValidationError } from 'class-validator';
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

/** One problem per offending field (nested fields by dotted path); unknown fields after the model's own. */
function problemsOf(errors: ValidationError[], isKey: (text: string) => boolean, parent = ''): FieldProblem[] {
  const problems = errors.flatMap((error): FieldProblem[] => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const nested = problemsOf(error.children ?? [], isKey, field);
    if (!error.constraints || Object.keys(error.constraints).length === 0) return nested;
    const [constraint, message] = mainConstraint(error.constraints);
    const code = isKey(message) ? message : `validation.${constraint}`;
    return [{ field, code, params: constraintParams(error.target, error.property, constraint) }, ...nested];
  });
  return [
    ...problems.filter((problem) => problem.code !== `validation.${UNKNOWN_FIELD}`),
    ...problems.filter((problem) => problem.code === `validation.${UNKNOWN_FIELD}`),
  ];
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
 * Integers past Number.MAX_SAFE_INTEGER (`offset=1e308`) pass IsInt but are not exact and overflow bigint columns:
 * every IsInt field, nested models included, must hold a safe integer.
 */
function unsafeIntegers(instance: object, path = ''): FieldProblem[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(instance.constructor, '', true, false);
  const intFields = new Set(metadata.filter((entry) => entry.name === 'isInt').map((entry) => entry.propertyName));
  return Object.entries(instance).flatMap(([key, value]): FieldProblem[] => {
    const field = path ? `${path}.${key}` : key;
    const values: unknown[] = Array.isArray(value) ? value : [value];
    return values.flatMap((item, index): FieldProblem[] => {
      const at = Array.isArray(value) ? `${field}.${index}` : field;
      if (intFields.has(key) && typeof item === 'number' && !Number.isSafeInteger(item)) {
        return [{ field: at, code: 'validation.safeInteger', params: {} }];
      }
      const nested = item && typeof item === 'object' && item.constructor !== Object && !(item instanceof Date);
      return nested ? unsafeIntegers(item as object, at) : [];
    });
  });
}

/**
 * Builds an instance of the input model from the raw params, query or body and validates it:
 * unknown properties are refused (forbidNonWhitelisted), so a typo in a field name is an error, not silently ignored.
 * Bad input of any kind is a 400, never a 500: text no column can hold, unsafe integers and a validator that throws.
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
  const text = textProblems(raw, '');
  if (text.length > 0) throw new ValidationFailure(text);
  const instance = plainToInstance(model, raw ?? {}) as T & object;
  let errors: ValidationError[];
  try {
    errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  } catch {
    // A validator may still throw on odd input (validator.js isEmail: URIError on lone surrogates, refused above).
    throw HttpError.badRequest('errors.badRequest');
  }
  if (errors.length > 0) throw new ValidationFailure(problemsOf(errors, isKey));
  const unsafe = unsafeIntegers(instance);
  if (unsafe.length > 0) throw new ValidationFailure(unsafe);
  return instance;
}
