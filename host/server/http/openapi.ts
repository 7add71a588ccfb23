import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { IS_ISO8601 } from 'class-validator';
import { targetConstructorToSchema, validationMetadatasToSchemas } from 'class-validator-jsonschema';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { API_PREFIX } from '@sensorium/core/common';
import type { InputModel } from '@sensorium/core/server';
import packageJson from '../../../package.json';
import type { OwnedRoute } from '../plugin-host/route-table';
import { ERROR_STATUSES_KEY, finishDocument, type OpenApiObject } from './openapi-document';
import { errorStatusesOf, operationIdOf, SECURITY_SCHEMES, securityOf } from './openapi-operation';

/** The licence of the API's implementation (package.json's), for integrators' tools. */
const LICENCE = { name: packageJson.license, url: 'https://www.apache.org/licenses/LICENSE-2.0' };

const REF_PREFIX = '#/components/schemas/';
const schemaOptions = {
  classTransformerMetadataStorage: defaultMetadataStorage,
  refPointerPrefix: REF_PREFIX,
  // A date or a date and time. The library's default is a oneOf of the two formats, which linters cannot tell apart.
  additionalConverters: { [IS_ISO8601]: { type: 'string' as const, anyOf: [{ format: 'date' }, { format: 'date-time' }] } },
};

function modelSchema(model: InputModel<unknown> | undefined): Record<string, unknown> | undefined {
  return model ? (targetConstructorToSchema(model, schemaOptions) as Record<string, unknown>) : undefined;
}

/**
 * The OpenAPI description of one route: its operationId, summary, plugin (as tag), credentials, input models as JSON
 * schemas, its answer and its error statuses (turned into shared error responses by finishDocument).
 */
export function routeSchema({ pluginId, route }: OwnedRoute): FastifySchema {
  return {
    operationId: operationIdOf(route),
    summary: route.summary,
    tags: [pluginId],
    security: securityOf(route),
    ...(route.body ? { body: modelSchema(route.body) } : {}),
    ...(route.query ? { querystring: modelSchema(route.query) } : {}),
    ...(route.params ? { params: modelSchema(route.params) } : {}),
    ...(route.response ? { response: { [route.created ? 201 : 200]: route.response } } : {}),
    [ERROR_STATUSES_KEY]: errorStatusesOf(route),
  } as FastifySchema;
}

/**
 * Serves the OpenAPI document at /api/docs/json and Swagger UI at /api/docs.
 * Route schemas describe; class-validator validates. Fastify's own validation and response serialisation
 * are switched off, so a schema never rejects or strips what the input models accept.
 */
export async function registerOpenApi(app: FastifyInstance, info: { title: string; version: string }): Promise<void> {
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(swagger, {
    openapi: {
      info: {
        ...info,
        license: LICENCE,
        description: 'REST API of the console. Sign in with POST /api/auth/login and send the access token as a Bearer token.',
      },
      // Paths start with /api: the server is the console itself, wherever it is reached (relative to this document).
      servers: [{ url: '/', description: 'The console serving this document' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    // Nested input models are referenced by name: every model is offered, and finishDocument keeps the referenced ones.
    transformObject: (document) => {
      const openapi = 'openapiObject' in document ? document.openapiObject : {};
      const schemas = { ...validationMetadatasToSchemas(schemaOptions), ...openapi.components?.schemas };
      return finishDocument({ ...openapi, components: { ...openapi.components, schemas } } as OpenApiObject) as typeof openapi;
    },
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
}
