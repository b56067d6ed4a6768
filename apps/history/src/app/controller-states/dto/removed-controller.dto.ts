/** Answer of `POST /history/controllers/remove`. */
export class RemovedControllerDto {
  /** The service id of the controller whose retained state was cleared from the broker. */
  removed!: string;
}
