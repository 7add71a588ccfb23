import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { IsUsablePassword, Nullable, USER_LEVELS, type UserLevel } from '@sensorium/core/common';
import { CREDENTIAL_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './types';

// Inputs of the users plugin's routes, shared by the forms (which validate with them before sending) and the server.
// Messages are i18n keys of common/i18n (accounts spec §5, "Other texts seen").

/** Digits with an optional leading +, spaces, brackets and dashes allowed between them. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,19}$/;
/** Not only white space. */
const HAS_TEXT = /\S/;
/** Letters, digits and . _ @ - (usernames are also typed on the login page). */
const USERNAME_PATTERN = /^[A-Za-z0-9._@-]+$/;

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/** An id in the path; one that is not a uuid is simply not found. */
export class IdParams {
  @IsString()
  @IsNotEmpty()
  id!: string;
}

/** The contact fields of a user and of My Account: optional, but well-formed when given. */
class ContactFields {
  @Nullable()
  @ValidateIf((input: ContactFields) => filled(input.email))
  @IsString()
  @IsEmail({}, { message: 'users.validation.emailValid' })
  @MaxLength(200)
  email?: string | null;

  @Nullable()
  @ValidateIf((input: ContactFields) => filled(input.phone))
  @IsString()
  @Matches(PHONE_PATTERN, { message: 'users.validation.phoneFormat' })
  phone?: string | null;
}

/** The optional fields of a user's record beside the contact ones: customer, organisation, scope and LDAP. */
class AccountFields extends ContactFields {
  /** The end customer (required for the end-customer level). */
  @Nullable()
  @ValidateIf((input: AccountFields) => filled(input.endCustomerId))
  @IsString()
  @MaxLength(100)
  endCustomerId?: string | null;

  /** Only a cloud user chooses the organisation of an si-customer user; otherwise it follows the creator or customer. */
  @Nullable()
  @ValidateIf((input: AccountFields) => filled(input.organisationId))
  @IsString()
  @MaxLength(100)
  organisationId?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  scope?: string;

  @Nullable()
  @ValidateIf((input: AccountFields) => filled(input.ldapUrl))
  @IsString()
  @Matches(/^ldaps?:\/\/\S+$/i, { message: 'users.validation.ldapUrl' })
  @MaxLength(300)
  ldapUrl?: string | null;

  @Nullable()
  @ValidateIf((input: AccountFields) => filled(input.userDn))
  @IsString()
  @MaxLength(300)
  userDn?: string | null;
}

export class NewUserInput extends AccountFields {
  @IsString()
  @IsNotEmpty({ message: 'users.validation.usernameRequired' })
  @MaxLength(CREDENTIAL_MAX_LENGTH)
  @Matches(USERNAME_PATTERN, { message: 'users.validation.usernamePattern' })
  username!: string;

  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH, { message: 'users.validation.passwordLength' })
  @MaxLength(CREDENTIAL_MAX_LENGTH)
  @IsUsablePassword()
  password!: string;

  @IsString()
  @Matches(HAS_TEXT, { message: 'users.validation.fullNameRequired' })
  @MaxLength(100)
  name!: string;

  @IsUUID('all', { message: 'users.validation.groupRequired' })
  groupId!: string;

  @IsIn(USER_LEVELS)
  level!: UserLevel;
}

/** Editing a user: any of the fields; the full name, when sent, may not be empty. */
export class UserPatchInput extends AccountFields {
  @IsOptional()
  @IsString()
  @Matches(HAS_TEXT, { message: 'users.validation.fullNameRequired' })
  @MaxLength(100)
  name?: string;

  @IsOptional()
  @IsUUID('all', { message: 'users.validation.groupRequired' })
  groupId?: string;

  @IsOptional()
  @IsIn(USER_LEVELS)
  level?: UserLevel;
}

export class UserStatusInput {
  @IsBoolean()
  disabled!: boolean;
}

/** An administrator sets a new password for a user. */
export class PasswordResetInput {
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH, { message: 'users.validation.passwordLength' })
  @MaxLength(CREDENTIAL_MAX_LENGTH)
  @IsUsablePassword()
  password!: string;
}

export class UserGroupInput {
  @IsString()
  @Matches(HAS_TEXT, { message: 'users.validation.groupNameRequired' })
  @MaxLength(100)
  name!: string;

  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  permissions!: string[];

  /** A cloud user may create a group for an si-customer organisation; ignored for others. */
  @Nullable()
  @ValidateIf((input: UserGroupInput) => filled(input.organisationId))
  @IsString()
  @MaxLength(100)
  organisationId?: string | null;
}

export class UserGroupPatchInput {
  @IsOptional()
  @IsString()
  @Matches(HAS_TEXT, { message: 'users.validation.groupNameRequired' })
  @MaxLength(100)
  name?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  permissions?: string[];
}

export class GroupMemberInput {
  @IsUUID('all', { message: 'users.validation.userRequired' })
  userId!: string;
}

export class ProfileInput extends ContactFields {
  @IsString()
  @Matches(HAS_TEXT, { message: 'users.validation.fullNameRequired' })
  @MaxLength(100)
  name!: string;

  /** Needed when the e-mail changes (the server checks it). */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  currentPassword?: string;
}

/** The user's current password, which changes to its credentials need. */
class CurrentPasswordField {
  @IsString({ message: 'users.validation.currentPasswordRequired' })
  @IsNotEmpty({ message: 'users.validation.currentPasswordRequired' })
  @MaxLength(200)
  currentPassword!: string;
}

export class PasswordChangeInput extends CurrentPasswordField {
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH, { message: 'users.validation.passwordLength' })
  @MaxLength(CREDENTIAL_MAX_LENGTH)
  @IsUsablePassword()
  newPassword!: string;
}

export class SecondFactorInput extends CurrentPasswordField {
  @IsBoolean()
  otpEnabled!: boolean;
}

export class ApiKeyInput {
  @IsString()
  @Matches(HAS_TEXT, { message: 'users.validation.keyNameRequired' })
  @MaxLength(100)
  name!: string;
}

export class DeviceTagsInput {
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(100, { each: true })
  deviceTags!: string[];
}

export class ApplicationUserInput {
  @IsUUID('all', { message: 'users.validation.userRequired' })
  userId!: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(100, { each: true })
  deviceTags?: string[];
}

export class ApplicationGroupInput {
  @IsUUID('all', { message: 'users.validation.groupRequired' })
  groupId!: string;
}
