import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';
import { PageNumber, PageSize, UtcOffsetMinutes } from '@sensorium/core/common';
import type { EventHistoryEntry, EventRecord } from './event-record';

/**
 * The Event View's status filter: `open` is every event not cleared yet (acknowledged or not, as the alarm bell counts
 * them), `acknowledged` the open ones someone acknowledged, `cleared` the cleared ones.
 */
export const EVENT_STATUS_FILTERS = ['open', 'acknowledged', 'cleared'] as const;
export type EventStatusFilter = (typeof EVENT_STATUS_FILTERS)[number];

/** Severity levels of events (accounts §9): 0 to 4. */
export const EVENT_SEVERITIES = [0, 1, 2, 3, 4] as const;
export const EVENT_PAGE_SIZES = [10, 50, 100] as const;

/** `a,b` or repeated `tags=a&tags=b` as a list of trimmed, non-empty texts. */
const list = ({ value }: { value: unknown }): unknown => {
  if (value === undefined || value === null || value === '') return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]));
  return parts.map((part) => (typeof part === 'string' ? part.trim() : part)).filter((part) => part !== '');
};

/** The filters of the Event View and of its Excel export (GET /system-events-api/:appId/events[/export]). */
export class EventFilterQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @IsIn(EVENT_SEVERITIES)
  severity?: number;

  @IsOptional()
  @IsIn(EVENT_STATUS_FILTERS)
  status?: EventStatusFilter;

  /** Generated at or after (ISO date and time). */
  @IsOptional()
  @IsISO8601()
  from?: string;

  /** Generated at or before (ISO date and time). */
  @IsOptional()
  @IsISO8601()
  to?: string;

  /** Part of the device's item name or display name. */
  @IsOptional()
  @IsString()
  @MaxLength(100)
  device?: string;

  /** Device tags: events of devices carrying at least one of them. */
  @IsOptional()
  @Transform(list)
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  tags?: string[];

  /** Text found in the description, event type, location, range, value, additional info or equipment name. */
  @IsOptional()
  @IsString()
  @MaxLength(100)
  q?: string;
}

/** One page of the list: `page` counts from 0, `size` rows a page. */
export class EventListQuery extends EventFilterQuery {
  @PageNumber()
  page: number = 0;

  @PageSize()
  size: number = EVENT_PAGE_SIZES[0];
}

/** The Excel export's filters, and the browser's offset from UTC in minutes for its times (e.g. 480 in Hong Kong). */
export class EventExportQuery extends EventFilterQuery {
  @UtcOffsetMinutes()
  utcOffsetMinutes?: number;
}

/** The application of the Event View's routes. */
export class EventListParams {
  @IsString()
  @IsNotEmpty()
  appId!: string;
}

/** One event of the application. */
export class EventIdParams extends EventListParams {
  @IsUUID('all')
  id!: string;
}

/** GET /system-events-api/:appId/events: one page of the filtered events, newest first, and how many match. */
export interface EventListPage {
  total: number;
  rows: EventRecord[];
}

/** GET /system-events-api/:appId/events/:id: the event and its history, oldest first. */
export interface EventDetail {
  event: EventRecord;
  history: EventHistoryEntry[];
}

/** The Excel export's file name and its most rows (the newest that match). */
export const EVENT_EXPORT_FILE_NAME = 'events.xlsx';
export const EVENT_EXPORT_LIMIT = 50_000;
