import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import type { EventRecord } from './event-record';

/** Most events one acknowledge or clear call acts on. */
export const MAX_EVENTS_PER_ACTION = 200;
export const MAX_EVENT_COMMENT_LENGTH = 500;

/** Body of `POST /system-events-api/:appId/events/ack` and `…/events/clear`. */
export class EventActionInput {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_EVENTS_PER_ACTION)
  @IsUUID('all', { each: true })
  ids!: string[];

  @IsOptional()
  @IsString()
  @MaxLength(MAX_EVENT_COMMENT_LENGTH)
  comment?: string | null;
}

/** Answer of the acknowledge and clear calls: the events the call changed (the others were skipped). */
export interface EventActionResult {
  events: EventRecord[];
}
