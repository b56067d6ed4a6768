/** What the service knows when it checks a document: every answer from its live view of the bus and stores. */
export interface AutomationContext {
  /** True when the history service knows the field (its field list). */
  knownField(field: string): boolean;
  /** The type of block `blockId` on controller `serviceId`, undefined when there is no such block or controller. */
  blockType(serviceId: string, blockId: string): string | undefined;
  knownController(serviceId: string): boolean;
  knownProfile(id: string): boolean;
  knownQuickAction(id: string): boolean;
}
