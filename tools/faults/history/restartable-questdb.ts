import { QuestDbServer } from '@eventcast/testing';
import { FaultRun } from '../fault-case';

/** A QuestDB server of one case, which the case can stop and start again on the same port and data. */
export class RestartableQuestDb {
  private constructor(
    private readonly root: string,
    private server: QuestDbServer,
  ) {}

  /** Starts `version` with its data in a folder of the case; it is stopped when the case ends. */
  static async start(run: FaultRun, version: string): Promise<RestartableQuestDb> {
    const root = run.tempDir('questdb');
    const questDb = new RestartableQuestDb(root, await QuestDbServer.start(version, root));
    return run.stopAtEnd(questDb);
  }

  get url(): string {
    return this.server.url;
  }

  /** Starts it again where it was. */
  async restart(): Promise<void> {
    this.server = await QuestDbServer.start(this.server.version, this.root, this.server.port);
  }

  stop(): Promise<void> {
    return QuestDbServer.stop(this.root);
  }
}
