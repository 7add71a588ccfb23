import { HttpError } from '@sensorium/core/server';
import { settingsChangedSince, sameValue, type ItemSettingsBase } from '../../common/edit-base';
import { normalizeFieldPreference, type FieldPreference } from '../../common/field-preference';
import type { Item } from '../../common/types';
import { plain } from './item-rows';

/** 409 when a setting the edit changes is no longer stored as the edit found it (someone else changed it since). */
export function assertSettingsUnchanged(item: Item, basedOn: ItemSettingsBase | undefined): void {
  if (!basedOn) return;
  const [changed] = settingsChangedSince(item, plain(basedOn));
  if (changed) throw HttpError.conflict('nodes.errors.editConflict', changed);
}

/** 409 when the field's stored preference is no longer the one the Field Settings dialog started from. */
export function assertPreferenceUnchanged(
  field: string,
  stored: Partial<FieldPreference> | undefined,
  basedOn: Record<string, unknown> | undefined,
): void {
  if (!basedOn) return;
  const started = normalizeFieldPreference(field, plain(basedOn) as Partial<FieldPreference>);
  if (!sameValue(normalizeFieldPreference(field, stored), started))
    throw HttpError.conflict('nodes.errors.editConflict', 'preference');
}
