import { IsNotEmpty, IsString } from 'class-validator';

/** Body of `POST /history/controllers/remove`. */
export class RemoveControllerDto {
  /** The service id of the controller to remove, as its state topic names it, e.g. `cellar`. */
  @IsString()
  @IsNotEmpty()
  serviceId!: string;
}
