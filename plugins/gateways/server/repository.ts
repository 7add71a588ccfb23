import { and, asc, eq, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@sensorium/core/common';
import { HttpError, jsonParam, type Database } from '@sensorium/core/server';
import { gatewayStatus, type Gateway, type GatewaySighting, type GatewayType } from '../common';
import { gateways } from './schema';

export type GatewayRow = typeof gateways.$inferSelect;

export function toGateway(row: GatewayRow): Gateway {
  const lastSeen = row.latestPackageUpdate?.toISOString() ?? null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    gatewayId: row.gatewayId,
    remark: row.remark,
    latest_package_update: lastSeen,
    status: gatewayStatus(lastSeen),
    synced: row.synced,
    organisationId: row.organisationId,
  };
}

/** Gateways a user may see: cloud all, an si-customer its organisation's (none without one); end customers none. */
function visibleTo(user: SessionUser): SQL {
  if (user.level === 'cloud') return sql`true`;
  if (user.level === 'si-customer' && user.organisationId) return eq(gateways.organisationId, user.organisationId);
  return sql`false`;
}

/** The organisation a new gateway of this user belongs to: a cloud user's are the operator's (null). */
export function owningOrganisation(user: SessionUser): string | null {
  if (user.level === 'cloud') return null;
  if (user.level !== 'si-customer' || !user.organisationId) throw HttpError.forbidden();
  return user.organisationId;
}

const sameOrganisation = (organisationId: string | null) =>
  organisationId === null ? isNull(gateways.organisationId) : eq(gateways.organisationId, organisationId);

export class GatewayRepository {
  constructor(private readonly db: Database) {}

  list(user: SessionUser): Promise<GatewayRow[]> {
    return this.db.select().from(gateways).where(visibleTo(user)).orderBy(asc(gateways.name), asc(gateways.gatewayId));
  }

  async findVisible(user: SessionUser, id: string): Promise<GatewayRow | null> {
    const [row] = await this.db
      .select()
      .from(gateways)
      .where(and(eq(gateways.id, id), visibleTo(user)));
    return row ?? null;
  }

  async exists(organisationId: string | null, gatewayId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: gateways.id })
      .from(gateways)
      .where(and(sameOrganisation(organisationId), eq(gateways.gatewayId, gatewayId.toUpperCase())));
    return Boolean(row);
  }

  async insert(values: {
    organisationId: string | null;
    name: string;
    description: string;
    type: GatewayType;
    gatewayId: string;
    remark: string;
    synced: boolean;
  }): Promise<GatewayRow> {
    const [row] = await this.db
      .insert(gateways)
      .values({ ...values, gatewayId: values.gatewayId.toUpperCase() })
      .onConflictDoNothing()
      .returning();
    if (!row) throw HttpError.badRequest('gateways.validation.gatewayIdTaken', 'gatewayId');
    return row;
  }

  async update(
    id: string,
    values: { name: string; description: string; type: GatewayType; remark: string; synced: boolean },
  ): Promise<GatewayRow> {
    const [row] = await this.db
      .update(gateways)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(gateways.id, id))
      .returning();
    if (!row) throw HttpError.notFound();
    return row;
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(gateways).where(eq(gateways.id, id));
  }

  all(): Promise<GatewayRow[]> {
    return this.db.select().from(gateways).orderBy(asc(gateways.organisationId), asc(gateways.id));
  }

  /** Keeps the later of the stored and the network server's last-seen time. */
  async seen(id: string, at: Date): Promise<void> {
    await this.db
      .update(gateways)
      .set({ latestPackageUpdate: at })
      .where(and(eq(gateways.id, id), or(isNull(gateways.latestPackageUpdate), lt(gateways.latestPackageUpdate, at))));
  }

  /**
   * Marks the gateways last seen before `before` offline, once: answers only those that were not offline yet (so with
   * several server instances each transition is answered to one of them).
   */
  async markOffline(before: Date, now: Date): Promise<GatewayRow[]> {
    return this.db
      .update(gateways)
      .set({ offlineSince: now })
      .where(
        and(isNull(gateways.offlineSince), isNotNull(gateways.latestPackageUpdate), lt(gateways.latestPackageUpdate, before)),
      )
      .returning();
  }

  /**
   * Keeps the later of the stored and the sighted time (never later than now: a device's clock may run ahead) of every
   * gateway with the sighting's type and EUI, in one statement. An EUI is the gateway's worldwide identity, so each
   * organisation that added it learns it was heard.
   */
  async seenMany(sightings: readonly GatewaySighting[]): Promise<void> {
    const rows = sightings.map(({ type, gatewayId, at }) => ({ type, gatewayId, at: at.toISOString() }));
    await this.db.execute(sql`
      UPDATE gateways SET latest_package_update = LEAST(s.at, now())
      FROM json_to_recordset(${jsonParam(rows)}) AS s("type" text, "gatewayId" text, at timestamptz)
      WHERE gateways.type = s."type" AND gateways.gateway_id = s."gatewayId"
        AND (gateways.latest_package_update IS NULL OR gateways.latest_package_update < LEAST(s.at, now()))`);
  }

  /** Gateways marked offline and heard from since `since` are online again; answers them, each to one instance. */
  markOnline(since: Date): Promise<GatewayRow[]> {
    return this.db
      .update(gateways)
      .set({ offlineSince: null })
      .where(and(isNotNull(gateways.offlineSince), sql`${gateways.latestPackageUpdate} >= ${since.toISOString()}`))
      .returning();
  }
}
