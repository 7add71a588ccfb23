import { IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PageNumber, PageSize, UtcOffsetMinutes } from '@sensorium/core/common';
import { DELIVERY_CHANNELS, DELIVERY_STATUSES, type DeliveryChannel, type DeliveryStatus } from './delivery';

export const HISTORY_PAGE_SIZES = [10, 50, 100] as const;

/** The application whose Notification History is read. */
export class HistoryAppParams {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  appId!: string;
}

/** The filters of the Notification History and of its Excel export. */
export class HistoryFilterQuery {
  /** Only the deliveries of this event (the Event View's details). */
  @IsOptional()
  @IsUUID()
  eventId?: string;

  @IsOptional()
  @IsIn(DELIVERY_CHANNELS)
  channel?: DeliveryChannel;

  @IsOptional()
  @IsIn(DELIVERY_STATUSES)
  status?: DeliveryStatus;

  /** Planned at or after (ISO date and time). */
  @IsOptional()
  @IsISO8601()
  from?: string;

  /** Planned at or before (ISO date and time). */
  @IsOptional()
  @IsISO8601()
  to?: string;

  /** Text found in the reference, the contact's name or address, the service or the ID. */
  @IsOptional()
  @IsString()
  @MaxLength(100)
  q?: string;
}

/** One page of the history: `page` counts from 0, `size` rows a page. */
export class HistoryListQuery extends HistoryFilterQuery {
  @PageNumber()
  page: number = 0;

  @PageSize()
  size: number = HISTORY_PAGE_SIZES[0];
}

/** The export: the filters, and the browser's offset from UTC for the Date column. */
export class HistoryExportQuery extends HistoryFilterQuery {
  /** Default 0. */
  @UtcOffsetMinutes()
  utcOffsetMinutes?: number;
}
