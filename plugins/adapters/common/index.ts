import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** The longest item name the API accepts; the page's input stops at the same length. */
export const ITEM_NAME_MAX_LENGTH = 100;

/** One item as the API returns it. */
export interface AdaptersItem {
  id: string;
  name: string;
  /** ISO date and time. */
  createdAt: string;
}

/** The body of POST /api/adapters/items, validated by the host before the handler runs. */
export class NewAdaptersItem {
  @IsString()
  @IsNotEmpty()
  @MaxLength(ITEM_NAME_MAX_LENGTH)
  name!: string;
}
