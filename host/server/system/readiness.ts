import { sql } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';

/** The broker as readiness sees it: `off` when MQTT is switched off (nothing to wait for). */
export type BrokerState = 'connected' | 'disconnected' | 'off';

/** What /readyz answers: each check's state, and the names of those that keep the instance from being ready. */
export interface ReadinessReport {
  status: 'ready' | 'not ready';
  database: 'reachable' | 'unreachable';
  migrations: 'done' | 'pending';
  broker: BrokerState;
  draining: boolean;
  /** The checks that fail (database, migrations, broker, draining); empty when ready. */
  notReady: string[];
}

/** A database that does not answer within this long counts as unreachable: a load balancer's probe must not hang. */
export const DATABASE_CHECK_TIMEOUT_MS = 2_000;

/**
 * Whether this instance should be sent traffic: its database answers, its migrations ran, its broker is connected, and it
 * is not draining before a shutdown. start-server sets `migrated` once the migrations returned and `draining` on close.
 */
export class Readiness {
  migrated = false;
  draining = false;

  constructor(
    private readonly db: Database,
    private readonly broker: () => BrokerState,
  ) {}

  async report(): Promise<ReadinessReport> {
    const database = (await this.databaseAnswers()) ? 'reachable' : 'unreachable';
    const broker = this.broker();
    const failing = {
      database: database === 'unreachable',
      migrations: !this.migrated,
      broker: broker === 'disconnected',
      draining: this.draining,
    };
    const notReady = Object.entries(failing)
      .filter(([, fails]) => fails)
      .map(([name]) => name);
    return {
      status: notReady.length === 0 ? 'ready' : 'not ready',
      database,
      migrations: this.migrated ? 'done' : 'pending',
      broker,
      draining: this.draining,
      notReady,
    };
  }

  private async databaseAnswers(): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS);
    });
    const answered = this.db.execute(sql`SELECT 1`).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([answered, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
}
