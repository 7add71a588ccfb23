import { IsString, MaxLength } from 'class-validator';
import { IsNotBlank, Trim } from '@sensorium/core/common';

/** Body of creating or renaming an end customer; shared by the form and the route. */
export class EndCustomerInput {
  @Trim()
  @IsString()
  @IsNotBlank()
  @MaxLength(100)
  name!: string;
}
