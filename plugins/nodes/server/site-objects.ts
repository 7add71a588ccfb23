import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  defineRoute,
  DOWNLOAD_URL_SECONDS,
  HttpError,
  readUpload,
  type AnyRouteDefinition,
  type Database,
  type FileStore,
} from '@sensorium/core/server';
import type { ApplicationAccess } from '@sensorium/applications/common';
import { SITE_IMAGE_MAX_BYTES, SITE_IMAGE_MIME_TYPES, type ObjectKind } from '../common/device-profiles';
import {
  FloorPlanInput,
  FloorPlanPinsInput,
  NodeObjectDeleteQuery,
  NodeObjectParams,
  NodeObjectUploadQuery,
  OBJECT_NAME_PATTERN,
} from '../common/extra-inputs';
import { NodeItemParams } from '../common/inputs';
import type { GeoInfo, Item } from '../common/types';
import type { ItemRepository } from './item-repository';
import { itemSchema } from './response-schemas';
import { nodeItems } from './schema';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
};
const CONTENT_TYPES: Record<string, string> = Object.fromEntries(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type]));

/**
 * Site and floor-plan images of items (spec 2.2, 7.4), under `nodes/objects/<appId>/<name>` in the file store. Names are
 * ours (uuid + extension), so a name from a request never reaches the store as a path.
 */
export class NodeObjectStore {
  constructor(private readonly files: FileStore) {}

  folder(appId: string): string {
    return `objects/${appId}/`;
  }

  async save(appId: string, mimeType: string, content: Buffer): Promise<string> {
    const name = `${randomUUID()}.${EXTENSIONS[mimeType] ?? 'bin'}`;
    await this.files.put(this.folder(appId) + name, content, mimeType);
    return name;
  }

  async read(appId: string, name: string): Promise<{ content: Buffer; contentType: string } | null> {
    if (!OBJECT_NAME_PATTERN.test(name)) return null;
    const contentType = CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)];
    if (!contentType) return null;
    const content = await this.files.get(this.folder(appId) + name);
    return content ? { content, contentType } : null;
  }

  /** The names of the application's images. */
  async list(appId: string): Promise<string[]> {
    const folder = this.folder(appId);
    return (await this.files.list(folder)).map((key) => key.slice(key.lastIndexOf('/') + 1));
  }

  /** Puts an image back under its own name (restore). */
  async restore(appId: string, name: string, content: Buffer): Promise<void> {
    const contentType = CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)];
    if (OBJECT_NAME_PATTERN.test(name) && contentType) await this.files.put(this.folder(appId) + name, content, contentType);
  }

  async downloadUrl(appId: string, name: string): Promise<string | null> {
    return this.files.downloadUrl ? this.files.downloadUrl(this.folder(appId) + name, DOWNLOAD_URL_SECONDS) : null;
  }

  async remove(appId: string, name: string | undefined | null): Promise<void> {
    if (name && OBJECT_NAME_PATTERN.test(name)) await this.files.delete(this.folder(appId) + name);
  }

  async removeAll(appId: string): Promise<void> {
    for (const key of await this.files.list(this.folder(appId))) await this.files.delete(key);
  }
}

const uploadResultSchema = {
  type: 'object',
  properties: { image: { type: 'string' }, kind: { type: 'string' }, item: itemSchema },
};

/**
 * The object calls of spec 7.4: upload (kind SITE_IMAGE sets geoInfo.site.image; kind FLOORPLAN only stores the image
 * for "create floor plan"), the image by application and name (`?token=` for <img>), floor plan create and delete, and
 * the floor plan's pins (geoInfo.floorPlan.pins: items directly below the node, x and y as fractions of the image).
 */
export function siteObjectRoutes(
  db: Database,
  items: ItemRepository,
  access: ApplicationAccess,
  objects: NodeObjectStore,
): AnyRouteDefinition[] {
  const writeGeoInfo = async (appId: string, uuid: string, geoInfo: GeoInfo): Promise<Item> => {
    await db
      .update(nodeItems)
      .set({ geoInfo, updatedAt: new Date() })
      .where(and(eq(nodeItems.uuid, uuid), eq(nodeItems.appId, appId)));
    return items.get(appId, uuid);
  };
  const BASE = '/node-structure-item/:appId';
  return [
    defineRoute({
      method: 'POST',
      url: `${BASE}/items/:uuid/object`,
      summary: `Upload an item's site image (kind=SITE_IMAGE, replaces the old one) or a floor plan image (kind=FLOORPLAN, then create the floor plan with it); multipart field "file", an image of at most ${SITE_IMAGE_MAX_BYTES} bytes`,
      permission: 'nodemanagement',
      params: NodeItemParams,
      query: NodeObjectUploadQuery,
      response: uploadResultSchema,
      rawBody: true,
      audit: 'nodes.object.upload',
      handler: async ({ user, params, query, request }) => {
        await access.assertVisible(user, params.appId);
        await items.row(params.appId, params.uuid);
        const upload = await readUpload(request, {
          field: 'file',
          maxBytes: SITE_IMAGE_MAX_BYTES,
          mimeTypes: SITE_IMAGE_MIME_TYPES,
        });
        const image = await objects.save(params.appId, upload.mimeType, upload.content);
        const kind: ObjectKind = query.kind;
        if (kind === 'FLOORPLAN') return { image, kind, item: await items.get(params.appId, params.uuid) };
        // Re-read: the upload took a while; the replaced image goes once the new one is recorded.
        const row = await items.row(params.appId, params.uuid);
        const previous = row.geoInfo?.site?.image;
        const item = await writeGeoInfo(params.appId, params.uuid, {
          ...(row.geoInfo ?? { tags: [] }),
          site: { ...(row.geoInfo?.site ?? {}), image },
        });
        if (previous && previous !== image) await objects.remove(params.appId, previous);
        return { image, kind, item };
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/object/:image`,
      summary: 'A site or floor plan image by application and name; image tags authenticate with ?token=',
      params: NodeObjectParams,
      queryToken: true,
      handler: async ({ user, params, reply }) => {
        await access.assertVisible(user, params.appId);
        const image = await objects.read(params.appId, params.image);
        if (!image) throw HttpError.notFound();
        const link = await objects.downloadUrl(params.appId, params.image);
        if (link) return reply.redirect(link);
        return reply.type(image.contentType).header('cache-control', 'private, max-age=3600').send(image.content);
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/items/:uuid/floor-plan`,
      summary: 'Create the floor plan of a node from an uploaded FLOORPLAN image',
      permission: 'nodemanagement',
      params: NodeItemParams,
      body: FloorPlanInput,
      response: itemSchema,
      audit: 'nodes.floor-plan.create',
      handler: async ({ user, params, body }) => {
        await access.assertVisible(user, params.appId);
        const row = await items.row(params.appId, params.uuid);
        if (!(await objects.read(params.appId, body.image))) {
          throw HttpError.badRequest('nodes.errors.imageNotFound', 'image');
        }
        const previous = row.geoInfo?.floorPlan?.origin?.image;
        const geoInfo: GeoInfo = {
          ...(row.geoInfo ?? { tags: [] }),
          floorPlan: { origin: { image: body.image, imageEnable: body.imageEnable ?? true }, pins: [] },
        };
        const item = await writeGeoInfo(params.appId, params.uuid, geoInfo);
        if (previous && previous !== body.image) await objects.remove(params.appId, previous);
        return item;
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: `${BASE}/items/:uuid/object`,
      summary: 'Delete the floor plan (kind=FLOORPLAN) or the site image (kind=SITE_IMAGE) of an item, with its file',
      permission: 'nodemanagement',
      params: NodeItemParams,
      query: NodeObjectDeleteQuery,
      response: itemSchema,
      audit: 'nodes.object.delete',
      handler: async ({ user, params, query }) => {
        await access.assertVisible(user, params.appId);
        const row = await items.row(params.appId, params.uuid);
        const geoInfo: GeoInfo = { ...(row.geoInfo ?? { tags: [] }) };
        let image: string | undefined;
        if (query.kind === 'FLOORPLAN') {
          image = geoInfo.floorPlan?.origin?.image;
          delete geoInfo.floorPlan;
        } else {
          image = geoInfo.site?.image;
          if (geoInfo.site) {
            const { image: _removed, ...site } = geoInfo.site;
            geoInfo.site = site;
          }
        }
        if (!image || (query.image && query.image !== image)) throw HttpError.notFound();
        const item = await writeGeoInfo(params.appId, params.uuid, geoInfo);
        await objects.remove(params.appId, image);
        return item;
      },
    }),
    defineRoute({
      method: 'PUT',
      url: `${BASE}/items/:uuid/floor-plan/pins`,
      summary: 'Place items below a node on its floor plan (x, y: fractions of the image width and height)',
      permission: 'nodemanagement',
      params: NodeItemParams,
      body: FloorPlanPinsInput,
      response: itemSchema,
      audit: 'nodes.floor-plan.pins',
      handler: async ({ user, params, body }) => {
        await access.assertVisible(user, params.appId);
        const row = await items.row(params.appId, params.uuid);
        const floorPlan = row.geoInfo?.floorPlan;
        if (!floorPlan) throw HttpError.badRequest('nodes.errors.noFloorPlan');
        const children = await db
          .select({ itemName: nodeItems.itemName })
          .from(nodeItems)
          .where(and(eq(nodeItems.appId, params.appId), eq(nodeItems.parentUuid, params.uuid)));
        const names = new Set(children.map((child) => child.itemName));
        const pins = new Map<string, { itemName: string; x: number; y: number }>();
        for (const [index, pin] of body.pins.entries()) {
          if (!names.has(pin.itemName)) {
            throw HttpError.badRequest('nodes.errors.pinNotChild', `pins.${index}.itemName`, { itemName: pin.itemName });
          }
          pins.set(pin.itemName, { itemName: pin.itemName, x: pin.x, y: pin.y });
        }
        return writeGeoInfo(params.appId, params.uuid, { ...row.geoInfo, floorPlan: { ...floorPlan, pins: [...pins.values()] } });
      },
    }),
  ];
}
