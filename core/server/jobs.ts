/**
 * A background job. The host runs it every `intervalMs` and, when several server instances share one database,
 * on one instance at a time (a lease row in the database), so scaling out never double-fires it.
 */
export interface JobDefinition {
  /** Unique across plugins; the host prefixes nothing, so use `<plugin-id>.<name>`. */
  id: string;
  intervalMs: number;
  run(signal: AbortSignal): Promise<void>;
}
