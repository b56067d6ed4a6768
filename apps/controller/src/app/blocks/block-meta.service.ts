import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ControllerDevice } from '../ports/controller-device.port';
import { ControllerStoreService } from '../store/controller-store.service';

type Meta = Record<string, unknown>;

const META_DOCUMENT = /^block-(\d+)$/;

/** The controller datastore document that holds the meta of the block with this nid. */
export function metaDocumentId(nid: number): string {
  return `block-${nid}`;
}

/**
 * The `meta` of blocks, one document per block in the controller datastore (`block-<nid>`, with the
 * block's id beside the meta for a reader of the datastore). Keyed by nid, so a block created
 * later under a deleted block's id never inherits its meta.
 */
@Injectable()
export class BlockMetaService implements OnApplicationBootstrap {
  private readonly logger = new Logger(BlockMetaService.name);

  constructor(
    private readonly store: ControllerStoreService,
    @Inject(ControllerDevice) private readonly device: ControllerDevice,
  ) {}

  onApplicationBootstrap(): void {
    this.store.onLoad(() => void this.forgetOrphans());
  }

  /** The meta of the block with this nid as last known, or undefined. */
  metaOf(nid: number): Meta | undefined {
    return this.store.find(metaDocumentId(nid))?.meta as Meta | undefined;
  }

  /** Replaces a block's meta; throws `DatastoreUnavailableError` when the datastore is unreachable. */
  async replace(block: { id: string; nid: number }, meta: Meta): Promise<void> {
    await this.store.set([{ id: metaDocumentId(block.nid), blockId: block.id, meta }]);
  }

  /** Sets the given keys of a block's meta; the others keep their value. */
  async merge(block: { id: string; nid: number }, meta: Meta): Promise<void> {
    const current = (await this.store.fetch(metaDocumentId(block.nid)))?.meta as Meta | undefined;
    await this.replace(block, { ...current, ...meta });
  }

  /** Deletes the meta of deleted blocks; when the datastore is away, the next load catches up. */
  async forget(nids: number[]): Promise<void> {
    try {
      await this.store.delete(nids.map(metaDocumentId).filter((id) => this.store.find(id) !== undefined));
    } catch (error) {
      this.logger.warn(`could not delete the meta of deleted blocks yet: ${(error as Error).message}`);
    }
  }

  /** Deletes meta documents whose block is gone (deleted while the datastore was unreachable). */
  private async forgetOrphans(): Promise<void> {
    const nids = new Set(this.device.blocks().map((block) => block.nid));
    const orphans = this.store
      .known()
      .map((document) => META_DOCUMENT.exec(document.id))
      .filter((match): match is RegExpExecArray => match !== null && !nids.has(Number(match[1])))
      .map((match) => Number(match[1]));
    if (orphans.length > 0) await this.forget(orphans);
  }
}
