import type { FastifyBaseLogger } from 'fastify';
import { createToken } from '@sensorium/core/common';

/**
 * The server's structured logger (pino). A plugin that lists `LoggerToken` in its deps gets a child logger whose every
 * line carries `plugin: <id>`.
 */
export type Logger = FastifyBaseLogger;
export const LoggerToken = createToken<Logger>('core.logger');
