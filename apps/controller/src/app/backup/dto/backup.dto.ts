import { IsArray, IsOptional, IsString } from 'class-validator';
import { BlockDto, DocumentDto } from '@eventcast/domain';

/** A backup of one controller service: what `backup/save` answers and `backup/load` takes. */
export class BackupDto {
  /**
   * The stored data of every block, in the device's units, as `all/read/stored` gives it. On
   * load, a block that cannot be restored is left out and named in `messages`.
   */
  @IsArray()
  blocks!: BlockDto[];

  /** The documents of the controller datastore (`controller-service:<service id>`), block meta included. */
  @IsArray()
  store!: DocumentDto[];

  /** When the backup was made (ISO 8601). */
  @IsOptional()
  @IsString()
  timestamp?: string;

  /** The controller service the backup was made of; a backup may be loaded into another one. */
  @IsOptional()
  @IsString()
  serviceId?: string;
}
