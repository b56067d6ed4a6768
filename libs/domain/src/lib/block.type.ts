/** A block of a controller: a declarative configuration unit such as a sensor or a setpoint. */
export interface Block {
  id: string;
  nid?: number;
  serviceId: string;
  type: string;
  data: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

/** What identifies a block: the answer of a delete. */
export interface BlockIdentity {
  id: string;
  nid: number;
  serviceId: string;
  type: string;
}
