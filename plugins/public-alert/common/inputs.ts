import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

/** Longer than any token this plugin issues (47 characters), short enough to refuse junk before it is decoded. */
const PAYLOAD_MAX_LENGTH = 100;

/** The query of the public viewer's event: the link's token. */
export class PublicPayloadQuery {
  @IsString()
  @IsNotEmpty()
  @MaxLength(PAYLOAD_MAX_LENGTH)
  payload!: string;
}

/** Body of POST /system-events-api/public/ack/ and …/clear/. */
export class PublicActionBody extends PublicPayloadQuery {
  @IsOptional()
  @IsString()
  @MaxLength(500)
  comment?: string;
}

/** GET /public-alert/:appId/links?eventId= */
export class PublicLinkListQuery {
  @IsUUID()
  eventId!: string;
}

export class PublicLinkAppParams {
  @IsString()
  @IsNotEmpty()
  appId!: string;
}

export class PublicLinkParams extends PublicLinkAppParams {
  @IsString()
  @IsNotEmpty()
  @MaxLength(PAYLOAD_MAX_LENGTH)
  jti!: string;
}
