import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';

/** Hex with an optional alpha byte, or the two named colours of the spec's defaults. */
export const THEME_COLOR_PATTERN = /^(#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?|white|transparent)$/;
const COLOR_MESSAGE = { message: 'themes.validation.color' };

export class DashboardThemeInput {
  @IsOptional()
  @Matches(THEME_COLOR_PATTERN, COLOR_MESSAGE)
  fontColor?: string;

  @IsOptional()
  @Matches(THEME_COLOR_PATTERN, COLOR_MESSAGE)
  panelColor?: string;

  /** Only '' (remove the image) may be sent; an image is set by uploading it to PUT /theme-profile/:id/background. */
  @IsOptional()
  @IsIn([''], { message: 'themes.validation.backgroundImage' })
  backgroundImage?: string;

  @IsOptional()
  @Matches(THEME_COLOR_PATTERN, COLOR_MESSAGE)
  grid_stack_space_background_color?: string;
}

export class ThemeSettingsInput {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  name?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => DashboardThemeInput)
  dashboard?: DashboardThemeInput;
}

/**
 * Body of POST /theme-profile/new and /theme-profile/update/:id; the Add/Edit Theme form validates with it too.
 * Dashboard fields left out take the spec's defaults on create and keep their value on update.
 */
export class ThemeProfileInput {
  @Matches(/\S/, { message: 'themes.validation.nameRequired' })
  @MaxLength(100)
  @IsString({ message: 'themes.validation.nameRequired' })
  name!: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => ThemeSettingsInput)
  theme?: ThemeSettingsInput;
}
