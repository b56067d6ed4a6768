/**
 * Idle RSS, in MiB, of each service and of the whole `npm start` stack, 5 s after the first answer
 * (docs/performance.md, "Footprint"). `bench:footprint` fails when a figure passes its enforced
 * budget: what the code meets today plus a margin for a busy machine, lowered as the code gets
 * leaner, down to the targets below plus the same margin.
 */
export const IDLE_RSS_BUDGET_MIB = {
  datastore: 115,
  history: 150,
  controller: 125,
  stack: 450,
  // npm start -- --one-process: the three services in one process (docs/deployment.md, "One process").
  stackOneProcess: 270,
};

/** Where the budgets are headed (docs/performance.md): each service under 80 MiB, the stack under 250 MiB. */
export const IDLE_RSS_TARGET_MIB = {
  datastore: 80,
  history: 80,
  controller: 80,
  stack: 250,
  stackOneProcess: 250,
};
