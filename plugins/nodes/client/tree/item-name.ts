import { ITEM_NAME_MAX_LENGTH, ITEM_NAME_PATTERN } from '../../common/types';

/** Item name rules of spec 5 before the server's uniqueness check: 'required' or 'pattern', else null. */
export function itemNameError(name: string): 'required' | 'pattern' | 'tooLong' | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'required';
  if (!ITEM_NAME_PATTERN.test(trimmed)) return 'pattern';
  if (trimmed.length > ITEM_NAME_MAX_LENGTH) return 'tooLong';
  return null;
}
