import type { FastifyBaseLogger } from 'fastify';
import type { DemoSeeder } from '@sensorium/core/server';
import type { SystemSettings } from './settings';

const SEEDED_KEY = 'demo.seeded';

/** Runs each contributed demo seeder once per database, in plugin order, remembering the done ones in system_settings. */
export async function seedDemoData(
  seeders: readonly DemoSeeder[],
  settings: SystemSettings,
  log: FastifyBaseLogger,
): Promise<string[]> {
  const done = new Set((await settings.read<string[]>(SEEDED_KEY)) ?? []);
  const ran: string[] = [];
  for (const seeder of seeders) {
    if (done.has(seeder.id)) continue;
    await seeder.run();
    done.add(seeder.id);
    ran.push(seeder.id);
    await settings.write(SEEDED_KEY, [...done]);
    log.info({ seeder: seeder.id }, 'demo data seeded');
  }
  return ran;
}
