/** Which names a field listing asks for. */
export interface FieldListing {
  /** Only fields whose latest value is at or after this time, in microseconds. */
  sinceUs: number;
  /** Only names that start with it. */
  prefix?: string;
  /** Only names that hold it, in any case. */
  search?: string;
  /** At most this many names, the first in sorted order. */
  limit?: number;
}

/** The index of the first of `sorted` that is not below `name`. */
function lowerBound(sorted: readonly string[], name: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < name) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Every field name with the time of its latest value, sorted (by UTF-16 code units, as
 * `Array.prototype.sort` sorts), so a listing by prefix starts with a binary search and stops at
 * its limit: its cost grows with the names it reads, not with the whole catalogue. A search by
 * substring reads every name below the prefix. A name seen for the first time waits in a short
 * list and joins the sorted array at the next listing, in one merge.
 */
export class FieldCatalogue {
  private sorted: string[] = [];
  private lowerCase: string[] = [];
  private added: string[] = [];
  private readonly latest = new Map<string, number>();

  /** How many fields the catalogue holds. */
  get size(): number {
    return this.latest.size;
  }

  /** Notes that `field` has a value at `ts` (microseconds). */
  note(field: string, ts: number): void {
    const known = this.latest.get(field);
    if (known === undefined) {
      this.latest.set(field, ts);
      this.added.push(field);
    } else if (ts > known) {
      this.latest.set(field, ts);
    }
  }

  /** The names the listing asks for, sorted. */
  list({ sinceUs, prefix = '', search, limit = Infinity }: FieldListing): string[] {
    this.mergeAdded();
    const needle = search?.toLowerCase();
    const names: string[] = [];
    for (let index = lowerBound(this.sorted, prefix); index < this.sorted.length && names.length < limit; index++) {
      const name = this.sorted[index];
      if (!name.startsWith(prefix)) break;
      if (needle !== undefined && !this.lowerCase[index].includes(needle)) continue;
      if ((this.latest.get(name) ?? -Infinity) < sinceUs) continue;
      names.push(name);
    }
    return names;
  }

  private mergeAdded(): void {
    if (this.added.length === 0) return;
    const added = this.added.sort();
    this.added = [];
    const total = this.sorted.length + added.length;
    const sorted = new Array<string>(total);
    const lowerCase = new Array<string>(total);
    let [from, next] = [0, 0];
    for (let to = 0; to < total; to++) {
      if (next >= added.length || (from < this.sorted.length && this.sorted[from] < added[next])) {
        sorted[to] = this.sorted[from];
        lowerCase[to] = this.lowerCase[from++];
      } else {
        sorted[to] = added[next];
        lowerCase[to] = added[next++].toLowerCase();
      }
    }
    this.sorted = sorted;
    this.lowerCase = lowerCase;
  }
}
