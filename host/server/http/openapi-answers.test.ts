import { describe, expect, it } from 'vitest';
import { answerChecker } from './openapi-answers';

const document = {
  paths: {
    '/api/things/{id}': {
      get: {
        responses: {
          200: {
            description: 'Done',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
          404: { $ref: '#/components/responses/NotFound' },
        },
      },
      delete: { responses: { '2XX': { description: 'Done' } } },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'string' }, seenAt: { type: 'string', format: 'date-time', nullable: true } },
      },
      Error: { type: 'object', required: ['code'], properties: { code: { type: 'string' } } },
    },
    responses: {
      NotFound: {
        description: 'No such thing',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  },
};

describe('answerChecker', () => {
  const checker = answerChecker(document);

  it('accepts answers that fit the schema of their status, through shared responses and status ranges', () => {
    expect(checker.problems('get', '/api/things/{id}', 200, { id: 'a', seenAt: null })).toEqual([]);
    expect(checker.problems('get', '/api/things/{id}', 200, { id: 'a', seenAt: '2026-05-01T10:00:00Z' })).toEqual([]);
    expect(checker.problems('get', '/api/things/{id}', 404, { code: 'errors.notFound' })).toEqual([]);
    expect(checker.problems('delete', '/api/things/{id}', 204, '')).toEqual([]);
  });

  it('names what does not fit: a field, a format, an undocumented status or operation', () => {
    expect(checker.problems('get', '/api/things/{id}', 200, { id: 1 })).toEqual(['GET /api/things/{id} 200: /id must be string']);
    expect(checker.problems('get', '/api/things/{id}', 200, { id: 'a', seenAt: 'yesterday' })).toEqual([
      'GET /api/things/{id} 200: /seenAt must match format "date-time"',
    ]);
    expect(checker.problems('get', '/api/things/{id}', 404, {})).toEqual([
      "GET /api/things/{id} 404: (body) must have required property 'code'",
    ]);
    expect(checker.problems('get', '/api/things/{id}', 409, {})).toEqual(['GET /api/things/{id} does not document 409']);
    expect(checker.problems('put', '/api/things/{id}', 200, {})).toEqual(['PUT /api/things/{id} is not in the document']);
  });
});
