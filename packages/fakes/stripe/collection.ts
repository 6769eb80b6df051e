/**
 * An insertion-ordered store of one resource type inside one fake account. Lists come back newest
 * first, as Stripe's do; objects created in the same second keep their creation order through a
 * sequence number so pagination is stable.
 */
export class Collection<T extends { id: string }> {
  private readonly items = new Map<string, { seq: number; value: T }>()
  private seq = 0

  /** `timeOf` reads the object's creation time (`created`, or `start`/`date` on some types). */
  constructor(
    private readonly timeOf: (value: T) => number = (value) => (value as { created?: number }).created ?? 0,
  ) {}

  get(id: string): T | undefined {
    return this.items.get(id)?.value
  }

  has(id: string): boolean {
    return this.items.has(id)
  }

  add(value: T): T {
    this.seq += 1
    this.items.set(value.id, { seq: this.seq, value })
    return value
  }

  delete(id: string): boolean {
    return this.items.delete(id)
  }

  /** A deep copy of the contents, so a failed request can be rolled back (`restore`). */
  snapshot(): { seq: number; items: Map<string, { seq: number; value: T }> } {
    return { seq: this.seq, items: structuredClone(this.items) }
  }

  restore(snapshot: { seq: number; items: Map<string, { seq: number; value: T }> }): void {
    this.seq = snapshot.seq
    this.items.clear()
    for (const [id, entry] of snapshot.items) this.items.set(id, entry)
  }

  get size(): number {
    return this.items.size
  }

  /** Newest first. */
  list(): T[] {
    return [...this.items.values()]
      .sort((a, b) => this.timeOf(b.value) - this.timeOf(a.value) || b.seq - a.seq)
      .map((entry) => entry.value)
  }

  /** Insertion order (oldest first): the order time-based transitions are applied in. */
  values(): T[] {
    return [...this.items.values()].map((entry) => entry.value)
  }
}
