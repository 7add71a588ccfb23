import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { targetConstructorToSchema, validationMetadatasToSchemas } from 'class-validator-jsonschema';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { API_PREFIX } from '@sensorium/core/common';
import type { InputModel } from '@sensorium/core/server';
import type { OwnedRoute } from '../plugin-host/route-table';

const REF_PREFIX = '#/components/schemas/';
const schemaOptions = { classTransformerMetadataStorage: defaultMetadataStorage, refPointerPrefix: REF_PREFIX };

function modelSchema(model: InputModel<unknown> | undefined): Record<string, unknown> | undefined {
  return model ? (targetConstructorToSchema(model, schemaOptions) as Record<string, unknown>) : undefined;
}

/** The OpenAPI description of one route: its summary, plugin (as tag), session need and input models as JSON schemas. */
export function routeSchema({ pluginId, route }: OwnedRoute): FastifySchema {
  return {
    summary: route.summary,
    tags: [pluginId],
    ...(route.auth === false ? {} : { security: [{ bearer: [] }] }),
    ...(route.body ? { body: modelSchema(route.body) } : {}),
    ...(route.query ? { querystring: modelSchema(route.query) } : {}),
    ...(route.params ? { params: modelSchema(route.params) } : {}),
    ...(route.response ? { response: { 200: route.response } } : {}),
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
        description: 'REST API of the console. Sign in with POST /api/auth/login and send the access token as a Bearer token.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // Nested input models are referenced by name; publish every model so those references resolve.
    transformObject: (document) => {
      const openapi = 'openapiObject' in document ? document.openapiObject : {};
      const schemas = { ...validationMetadatasToSchemas(schemaOptions), ...openapi.components?.schemas };
      return { ...openapi, components: { ...openapi.components, schemas } } as typeof openapi;
    },
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
}
