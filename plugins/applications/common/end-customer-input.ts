import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** Body of creating or renaming an end customer; shared by the form and the route. */
export class EndCustomerInput {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;
}
