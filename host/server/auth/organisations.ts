import { randomUUID } from 'node:crypto';
import type { Database, NewOrganisation, OrganisationDirectory } from '@sensorium/core/server';
import { organisations } from '../db/schema';

/** Companies that signed up, in core's `organisations`. */
export class DatabaseOrganisationDirectory implements OrganisationDirectory {
  constructor(private readonly db: Database) {}

  async create(input: NewOrganisation, transaction: Database = this.db): Promise<{ id: string }> {
    const id = `org_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await transaction.insert(organisations).values({
      id,
      name: input.name,
      size: input.size,
      role: input.role,
      endCustomerId: input.endCustomerId,
    });
    return { id };
  }
}
