/**
 * Idle RSS, in MiB, of each service and of the whole `npm start` stack, 5 s after the first answer
 * (docs/performance.md, "Footprint"). `bench:footprint` fails when a figure passes its enforced
 * budget: what the code meets today plus a margin for a busy machine, lowered as the code gets
 * leaner, down to the targets below plus the same margin.
 */
export const IDLE_RSS_BUDGET_MIB = {
  // Raised on 28 November for Node.js 24 and 26, which hold the same code in 8 to 12 MiB more than
  // Node 20 did (docs/performance.md, "Footprint").
  datastore: 125,
  history: 175,
  controller: 145,
  // Raised on 28 November for the fourth service, automation: the stack measured 583 MiB with it.
  stack: 630,
  // npm start -- --one-process: the three services in one process (docs/deployment.md, "One process").
  stackOneProcess: 310,
};

/** Where the budgets are headed (docs/performance.md): each service under 80 MiB, the stack under 250 MiB. */
export const IDLE_RSS_TARGET_MIB = {
  datastore: 80,
  history: 80,
  controller: 80,
  stack: 250,
  stackOneProcess: 250,
};
