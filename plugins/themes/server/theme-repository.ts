import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@sensorium/core/common';
import { HttpError, type Database } from '@sensorium/core/server';
import { NEW_THEME_DEFAULTS, type DashboardTheme, type ThemeProfile, type ThemeProfileInput } from '../common';
import { themeProfiles } from './schema';
import { owningOrganisation, visibleThemes } from './tenancy';

type ThemeRow = typeof themeProfiles.$inferSelect;

function toProfile(row: ThemeRow): ThemeProfile {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    theme: { name: row.themeName, dashboard: row.dashboard },
  };
}

/** Drops the fields the caller left out, so that they keep their current (or default) value. */
function given(dashboard: Partial<DashboardTheme> | undefined): Partial<DashboardTheme> {
  return Object.fromEntries(Object.entries(dashboard ?? {}).filter(([, value]) => value !== undefined));
}

/**
 * Theme profiles. Lists are filtered by what the caller may see; routes acting on one theme declare the `theme` scope,
 * so the pipeline answers 404 for another tenant's theme before the repository is asked.
 */
export class ThemeRepository {
  constructor(private readonly db: Database) {}

  async list(user: SessionUser, page: { offset?: number; limit?: number } = {}): Promise<ThemeProfile[]> {
    const query = this.db
      .select()
      .from(themeProfiles)
      .where(visibleThemes(user))
      .orderBy(sql`lower(${themeProfiles.name})`, asc(themeProfiles.id))
      .offset(page.offset ?? 0);
    const rows = page.limit === undefined ? await query : await query.limit(page.limit);
    return rows.map(toProfile);
  }

  /** The theme when the user may see it, else null (the route scope's loader). */
  async findVisible(user: SessionUser, id: string): Promise<ThemeProfile | null> {
    const [row] = await this.db
      .select()
      .from(themeProfiles)
      .where(and(eq(themeProfiles.id, id), visibleThemes(user)));
    return row ? toProfile(row) : null;
  }

  async find(id: string): Promise<ThemeProfile> {
    const [row] = await this.db.select().from(themeProfiles).where(eq(themeProfiles.id, id));
    if (!row) throw HttpError.notFound();
    return toProfile(row);
  }

  /** Whether the caller may see a theme whose background is this stored file. */
  async hasVisibleBackground(user: SessionUser, image: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: themeProfiles.id })
      .from(themeProfiles)
      .where(and(sql`${themeProfiles.dashboard}->>'backgroundImage' = ${image}`, visibleThemes(user)))
      .limit(1);
    return row !== undefined;
  }

  /** Creates a theme for the caller's organisation (the API's and the demo seeder's one path). */
  async create(user: SessionUser, input: ThemeProfileInput): Promise<ThemeProfile> {
    const name = input.name.trim();
    const [row] = await this.db
      .insert(themeProfiles)
      .values({
        id: randomUUID(),
        organisationId: owningOrganisation(user),
        name,
        description: input.description?.trim() ?? '',
        themeName: input.theme?.name?.trim() || name,
        dashboard: { ...NEW_THEME_DEFAULTS.dashboard, ...given(input.theme?.dashboard), backgroundImage: '' },
      })
      .returning();
    return toProfile(row!);
  }

  /**
   * Replaces name and description and merges the dashboard fields given. Returns the updated theme and the background
   * file it no longer uses (the caller deletes it), if any.
   */
  async update(id: string, input: ThemeProfileInput): Promise<{ theme: ThemeProfile; unusedImage: string }> {
    const current = await this.find(id);
    const name = input.name.trim();
    const dashboard = { ...current.theme.dashboard, ...given(input.theme?.dashboard) };
    const theme = await this.write(id, {
      name,
      description: input.description?.trim() ?? '',
      themeName: input.theme?.name?.trim() || name,
      dashboard,
    });
    const previous = current.theme.dashboard.backgroundImage;
    return { theme, unusedImage: previous !== dashboard.backgroundImage ? previous : '' };
  }

  /** Points the theme at a newly stored background file; returns the file it replaced ('' for none). */
  async setBackground(id: string, image: string): Promise<{ theme: ThemeProfile; unusedImage: string }> {
    const current = await this.find(id);
    const theme = await this.write(id, { dashboard: { ...current.theme.dashboard, backgroundImage: image } });
    return { theme, unusedImage: current.theme.dashboard.backgroundImage };
  }

  private async write(id: string, values: Partial<Omit<ThemeRow, 'id' | 'organisationId'>>): Promise<ThemeProfile> {
    const [row] = await this.db
      .update(themeProfiles)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(themeProfiles.id, id))
      .returning();
    if (!row) throw HttpError.notFound();
    return toProfile(row);
  }
}
