import { Inject, Injectable } from '@nestjs/common';
import { FIRST_USER_NID } from '@eventcast/block-model';
import { ChangeOrigin } from '@eventcast/domain';
import { ControllerConfig } from '../../config/controller.config';
import { ControllerDevice } from '../ports/controller-device.port';
import { BlockPatchPublisher } from '../blocks/block-patch.publisher';
import { ChangeEventPublisher } from '../changes/change-event.publisher';
import { BlocksService } from '../blocks/blocks.service';
import { ControllerStoreService } from '../store/controller-store.service';
import { UserUnitsService } from '../units/user-units.service';
import { BackupDto } from './dto/backup.dto';
import { RestoreAnswerDto } from './dto/restore-answer.dto';
import { restorableBlocks, restorableDocuments } from './restorable.util';

/**
 * Backups: the stored data of every block plus the controller datastore. Loading one is not a
 * merge: afterwards the controller has the backup's blocks and documents and no others (system
 * blocks are written, never removed). Both need the datastore (503 without it); a load that cannot
 * reach it changes nothing.
 */
@Injectable()
export class BackupService {
  constructor(
    @Inject(ControllerConfig) private readonly config: ControllerConfig,
    @Inject(ControllerDevice) private readonly device: ControllerDevice,
    private readonly blocks: BlocksService,
    private readonly store: ControllerStoreService,
    private readonly units: UserUnitsService,
    private readonly patches: BlockPatchPublisher,
    private readonly changes: ChangeEventPublisher,
  ) {}

  async save(): Promise<BackupDto> {
    const store = await this.store.fetchAll();
    return {
      blocks: this.blocks.readAllStored(),
      store,
      timestamp: new Date().toISOString(),
      serviceId: this.config.serviceId,
    };
  }

  async load(backup: BackupDto, origin: ChangeOrigin): Promise<RestoreAnswerDto> {
    const messages: string[] = [];
    const systemTypes = new Map(
      this.device
        .blocks()
        .filter((block) => block.nid < FIRST_USER_NID)
        .map((block): [string, string] => [block.id, block.type]),
    );
    const blocks = restorableBlocks(backup.blocks, this.units.temperature, systemTypes, messages);
    const documents = restorableDocuments(backup.store, messages);
    await this.store.replaceAll(documents);
    const before = this.blocks.readAll();
    await this.device.restore(blocks);
    const after = this.blocks.readAll();
    const remaining = new Set(after.map((block) => block.id));
    this.patches.publish(
      after,
      before.map((block) => block.id).filter((id) => !remaining.has(id)),
    );
    this.changes.publishBlocks('backup loaded', origin, before, after);
    return { messages };
  }
}
