import { BadRequestError } from '@eventcast/domain';

/** One thing wrong with written block data; `path` leads from the block to the field at fault. */
export interface BlockDataProblem {
  /** e.g. `data.kp`, `data.fluctuations.0.amplitude`, `data.offset[degX]`. */
  path: string;
  /** e.g. `must be a number`, `links to Heater, which does not exist`. */
  message: string;
}

/**
 * Written block data that cannot be taken, with every problem found: a bad request whose
 * `problems` read `<path> <message>` (the service answers 400 listing them).
 */
export class BlockDataError extends BadRequestError {
  declare readonly problems: readonly string[];

  constructor(
    readonly typeName: string,
    readonly fieldProblems: readonly BlockDataProblem[],
  ) {
    super(fieldProblems.map((problem) => `${problem.path} ${problem.message}`));
    this.message = `invalid ${typeName} data: ${this.message}`;
  }
}
