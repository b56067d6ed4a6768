/** One thing wrong with written block data; `path` leads from the block to the field at fault. */
export interface BlockDataProblem {
  /** e.g. `data.kp`, `data.fluctuations.0.amplitude`, `data.offset[degX]`. */
  path: string;
  /** e.g. `must be a number`, `links to Heater, which does not exist`. */
  message: string;
}

/** Written block data that cannot be taken, with every problem found (the service answers 400). */
export class BlockDataError extends Error {
  constructor(
    readonly typeName: string,
    readonly problems: readonly BlockDataProblem[],
  ) {
    super(`invalid ${typeName} data: ${problems.map((problem) => `${problem.path} ${problem.message}`).join('; ')}`);
    this.name = 'BlockDataError';
  }
}
