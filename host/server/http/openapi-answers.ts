import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';

/**
 * Checks real answers against the OpenAPI document (for the contract tests): the status must be one the operation
 * documents, and the body must validate against the schema documented for that status.
 */

type Json = Record<string, unknown>;
export type HttpMethodName = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface Document {
  paths: Record<string, Partial<Record<HttpMethodName, { responses: Record<string, Json> }>>>;
  components: { responses?: Record<string, Json> };
}

/** The id under which the document's components are known to the validator. */
const DOCUMENT_ID = 'openapi.json';
const RESPONSE_PREFIX = '#/components/responses/';

// ajv-formats is a CommonJS module whose default export is the plugin function.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

export interface AnswerChecker {
  /** What is wrong with this answer of `method template` (a path as the document writes it); empty when nothing. */
  problems(method: HttpMethodName, template: string, status: number, body: unknown): string[];
}

export function answerChecker(document: unknown): AnswerChecker {
  const { paths, components } = document as Document;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOCUMENT_ID, components }, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction>();

  /** The documented response of a status: its own entry, a shared one it references, or the range (2XX) it falls in. */
  const responseOf = (responses: Record<string, Json>, status: number): Json | undefined => {
    const entry = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
    const ref = entry?.$ref;
    return typeof ref === 'string' && ref.startsWith(RESPONSE_PREFIX)
      ? components.responses?.[ref.slice(RESPONSE_PREFIX.length)]
      : entry;
  };

  const validatorOf = (key: string, schema: unknown): ValidateFunction => {
    let validate = compiled.get(key);
    if (!validate) {
      // The schema's references point into the document's components, which the validator knows by DOCUMENT_ID.
      const text = JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`);
      validate = ajv.compile(JSON.parse(text) as Json);
      compiled.set(key, validate);
    }
    return validate;
  };

  return {
    problems(method, template, status, body) {
      const operation = paths[template]?.[method];
      if (!operation) return [`${method.toUpperCase()} ${template} is not in the document`];
      const response = responseOf(operation.responses, status);
      if (!response) return [`${method.toUpperCase()} ${template} does not document ${status}`];
      const schema = (response.content as Record<string, { schema?: unknown }> | undefined)?.['application/json']?.schema;
      if (schema === undefined) return [];
      const validate = validatorOf(`${method} ${template} ${status}`, schema);
      if (validate(body)) return [];
      return (validate.errors ?? []).map(
        (error) => `${method.toUpperCase()} ${template} ${status}: ${error.instancePath || '(body)'} ${error.message ?? ''}`,
      );
    },
  };
}
