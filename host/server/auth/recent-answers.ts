/** Above this many cached answers, the stale ones are dropped. */
const PRUNE_ABOVE = 10_000;

/**
 * Answers read from the database, trusted for `windowMs` before they are read again. `clear` forgets them all, and an
 * answer whose read began before a clear is not kept after it: a change made on this instance applies to the next
 * request. A change made by another instance sharing the database shows here within the window.
 */
export class RecentAnswers<Value> {
  private readonly answers = new Map<string, { value: Value; at: number }>();
  /** Bumped by clear(), so an answer read before it is not cached after it. */
  private generation = 0;

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The answer for `key` while it is fresh; undefined otherwise. */
  fresh(key: string): { value: Value } | undefined {
    const answer = this.answers.get(key);
    return answer && this.now() - answer.at < this.windowMs ? answer : undefined;
  }

  /** Runs `read` and keeps what it answers for each key (unless a clear came meanwhile); answers the read's map. */
  async read<Answers extends ReadonlyMap<string, Value>>(read: () => Promise<Answers>): Promise<Answers> {
    const generation = this.generation;
    const answers = await read();
    if (generation !== this.generation) return answers;
    const at = this.now();
    if (this.answers.size > PRUNE_ABOVE) this.prune(at);
    for (const [key, value] of answers) this.answers.set(key, { value, at });
    return answers;
  }

  clear(): void {
    this.generation++;
    this.answers.clear();
  }

  private prune(at: number): void {
    for (const [key, answer] of this.answers) if (at - answer.at >= this.windowMs) this.answers.delete(key);
  }
}
