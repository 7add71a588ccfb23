import { Liquid } from 'liquidjs';

/**
 * How a template's `{{ output }}` is escaped: `json` as the inside of a JSON string (webhook and provider bodies, so a
 * value cannot break out of its quotes), `html` for e-mail, `uri` as a URL component, `none` for plain text (SMS, voice).
 * A template author writes `{{ value | raw }}` to insert a value unescaped, e.g. `{{ event | json | raw }}`.
 */
export type TemplateEscape = 'json' | 'html' | 'uri' | 'none';

/** A template that could not be parsed or rendered (syntax, a missing filter, a limit); the message says where. */
export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

export interface TemplateRenderer {
  /** Renders `template` with `variables`; throws TemplateError. */
  render(template: string, variables: Record<string, unknown>): Promise<string>;
}

/** Templates are written by tenants, so they are untrusted: these bound what one render may cost. */
const LIMITS = {
  /** Characters of one template. */
  parseLimit: 20_000,
  /** Milliseconds of one render. */
  renderLimit: 500,
  /** Objects (array items, characters of joins) one render may create. */
  memoryLimit: 1_000_000,
};

function toText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const ESCAPES: Record<TemplateEscape, (value: unknown) => string> = {
  json: (value) => JSON.stringify(toText(value)).slice(1, -1),
  html: (value) => toText(value).replace(/[&<>"']/g, (character) => HTML_ENTITIES[character]!),
  uri: (value) => encodeURIComponent(toText(value)),
  none: toText,
};

/**
 * A Liquid engine safe for untrusted templates: it reads only the variables' own properties (no prototype or getter
 * tricks), looks `include`/`render` up in an empty in-memory set instead of the file system, fails on unknown filters,
 * and stops a template past the size, time and memory limits. Liquid never compiles templates to JavaScript.
 */
export function createTemplateRenderer(escape: TemplateEscape): TemplateRenderer {
  const engine = new Liquid({
    ownPropertyOnly: true,
    templates: {},
    strictFilters: true,
    outputEscape: ESCAPES[escape],
    cache: 200,
    ...LIMITS,
  });
  return {
    async render(template, variables) {
      try {
        return await engine.parseAndRender(template, variables);
      } catch (error) {
        throw new TemplateError((error as Error).message);
      }
    },
  };
}
