/**
 * The names of values, `<prefix>/<key>`, kept once made: a controller sends the same shape again
 * and again, so each event's names are found instead of built and hashed anew. It holds at most
 * `capacity` names and starts afresh when full, so keys that never repeat cost only the building.
 */
export class ValueNames {
  private readonly byPrefix = new Map<string, Map<string, string>>();
  private size = 0;

  constructor(private readonly capacity: number) {}

  nameOf(prefix: string, key: string): string {
    let byKey = this.byPrefix.get(prefix);
    if (byKey === undefined) {
      byKey = new Map();
      this.byPrefix.set(prefix, byKey);
    }
    let name = byKey.get(key);
    if (name === undefined) {
      name = prefix + '/' + key;
      if (this.size >= this.capacity) {
        this.byPrefix.clear();
        this.size = 0;
        byKey = new Map();
        this.byPrefix.set(prefix, byKey);
      }
      byKey.set(key, name);
      this.size++;
    }
    return name;
  }
}
