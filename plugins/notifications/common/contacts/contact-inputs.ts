import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { PageNumber, PageSize } from '@sensorium/core/common';

// Inputs of the contacts routes, shared by the Notification Client page (which validates with them before sending),
// the server and the CSV import. Messages are i18n keys of common/i18n/contacts (accounts spec §5, "Other texts seen").

/** Rows a page of the Notification Client table shows (node spec §4: contacts table page size 10). */
export const CONTACTS_PAGE_SIZE = 10;
export const CONTACT_PRIORITY_MAX = 9;
/** The longest text each field takes. */
export const CONTACT_TEXT_LIMITS = { name: 100, email: 200, department: 100, post: 100, misc: 500 } as const;

/** A number as SMS, WhatsApp and voice providers take it: E.164, a + and 7 to 15 digits. */
export const E164_PATTERN = /^\+[1-9][0-9]{6,14}$/;

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';
/** People type numbers with spaces, dashes and brackets; the number is stored without them. */
const compactNumber = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/[\s()-]/g, '') : value);
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The application a contacts route acts on. */
export class ContactAppParams {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  appId!: string;
}

/** One contact of the application; an id that is not a contact's is simply not found. */
export class ContactParams extends ContactAppParams {
  @IsString()
  @IsNotEmpty()
  id!: string;
}

/** A page of the contacts, filtered by a keyword over name, numbers, e-mail, department and post. */
export class ContactListQuery {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  q?: string;

  @PageNumber(1)
  page: number = 1;

  @PageSize()
  size: number = CONTACTS_PAGE_SIZE;
}

/** A notification client as it is created or replaced (accounts §3 "Contacts"). */
export class ContactInput {
  @Transform(trimmed)
  @IsString({ message: 'notifications.contacts.validation.nameRequired' })
  @IsNotEmpty({ message: 'notifications.contacts.validation.nameRequired' })
  @MaxLength(CONTACT_TEXT_LIMITS.name)
  name!: string;

  /** The SMS and WhatsApp number. */
  @IsOptional()
  @Transform(compactNumber)
  @ValidateIf((input: ContactInput) => filled(input.smsNum))
  @IsString()
  @Matches(E164_PATTERN, { message: 'notifications.contacts.validation.phoneFormat' })
  smsNum?: string;

  /** The number voice calls ring. */
  @IsOptional()
  @Transform(compactNumber)
  @ValidateIf((input: ContactInput) => filled(input.phone))
  @IsString()
  @Matches(E164_PATTERN, { message: 'notifications.contacts.validation.phoneFormat' })
  phone?: string;

  @IsOptional()
  @Transform(trimmed)
  @ValidateIf((input: ContactInput) => filled(input.email))
  @IsString()
  @IsEmail({}, { message: 'notifications.contacts.validation.emailValid' })
  @MaxLength(CONTACT_TEXT_LIMITS.email)
  email?: string;

  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(CONTACT_TEXT_LIMITS.department)
  department?: string;

  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(CONTACT_TEXT_LIMITS.post)
  post?: string;

  /** 1 is told first; escalation moves on to 2, then 3… */
  @IsOptional()
  @IsInt({ message: 'notifications.contacts.validation.priority' })
  @Min(1, { message: 'notifications.contacts.validation.priority' })
  @Max(CONTACT_PRIORITY_MAX, { message: 'notifications.contacts.validation.priority' })
  priority?: number;

  @IsOptional()
  @IsString()
  @MaxLength(CONTACT_TEXT_LIMITS.misc)
  misc?: string;

  /** Never sent anything, whatever the channels say. */
  @IsOptional()
  @IsBoolean()
  unsubscribed?: boolean;

  // The subscription per channel (spec: "subscribe preference").
  @IsOptional()
  @IsBoolean()
  smsEnable?: boolean;

  @IsOptional()
  @IsBoolean()
  whatsappEnable?: boolean;

  @IsOptional()
  @IsBoolean()
  emailEnable?: boolean;

  @IsOptional()
  @IsBoolean()
  voiceEnable?: boolean;
}
