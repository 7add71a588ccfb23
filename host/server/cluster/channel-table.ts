/** The handlers of a bus's channels, by name: each name once, so two parts cannot take each other's messages. */
export class ChannelTable {
  private readonly handlers = new Map<string, (payload: unknown) => void>();

  add<T>(name: string, onMessage: (payload: T) => void): void {
    if (this.handlers.has(name)) throw new Error(`cluster bus channel "${name}" is registered twice`);
    this.handlers.set(name, onMessage as (payload: unknown) => void);
  }

  /** Runs the channel's handler; a channel unknown here (a plugin another instance runs but this one not) is ignored. */
  deliver(name: string, payload: unknown): void {
    this.handlers.get(name)?.(payload);
  }
}
