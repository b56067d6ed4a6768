/** What `backup/load` could not restore. */
export class RestoreAnswerDto {
  /** One message per block or document left out, or per link cleared because its target was not restored. */
  messages!: string[];
}
