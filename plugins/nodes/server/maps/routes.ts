import {
  auditLeaves,
  defineAppRoute,
  HttpError,
  readUpload,
  type AnyRouteDefinition,
  type AppRouteContext,
} from '@sensorium/core/server';
import { SITE_IMAGE_MAX_BYTES, SITE_IMAGE_MIME_TYPES, type ObjectKind } from '../../common/device-profiles';
import {
  FloorPlanInput,
  FloorPlanPinsInput,
  NodeObjectDeleteQuery,
  NodeObjectParams,
  NodeObjectUploadQuery,
} from '../../common/extra-inputs';
import { GEO_INFO_PAGE_SIZE, GeoInfoQuery, NodeItemParams } from '../../common/inputs';
import type { GeoInfo } from '../../common/types';
import type { ItemRows } from '../items/item-rows';
import { geoInfoSchema, itemSchema } from '../response-schemas';
import type { GeoStore } from './geo';
import type { NodeObjectStore } from './site-objects';

const BASE = '/node-structure-item/:appId';

const uploadResultSchema = {
  type: 'object',
  properties: { image: { type: 'string' }, kind: { type: 'string' }, item: itemSchema },
};

/** Map changes are `equipment` changes; the record lists each changed part of the item's geo info (image, pins…). */
const mapAudit = (rows: ItemRows, action: string) => ({
  action,
  type: 'equipment' as const,
  row: async ({ app, params }: AppRouteContext<unknown, unknown, NodeItemParams>) =>
    auditLeaves((await rows.row(app.id, params.uuid)).geoInfo, 'geoInfo'),
});

/**
 * The maps' calls (spec 7.4): an item's geo info with everything below it; upload (kind SITE_IMAGE sets
 * geoInfo.site.image; kind FLOORPLAN only stores the image for "create floor plan"), the image by application and name
 * (`?token=` for <img>), floor plan create and delete, and the floor plan's pins (geoInfo.floorPlan.pins: items directly
 * below the node, x and y as fractions of the image).
 */
export function mapRoutes(rows: ItemRows, geo: GeoStore, objects: NodeObjectStore): AnyRouteDefinition[] {
  return [
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/geo-info/:uuid`,
      summary: `A node and the nodes and sensors below it, with their geo info, for its maps; ${GEO_INFO_PAGE_SIZE} of them a page unless size says otherwise`,
      app: 'appId',
      params: NodeItemParams,
      query: GeoInfoQuery,
      response: geoInfoSchema,
      handler: ({ app, params, query }) => geo.geoInfo(app.id, params.uuid, app.deviceTags, query),
    }),
    defineAppRoute({
      method: 'POST',
      url: `${BASE}/items/:uuid/object`,
      summary: `Upload an item's site image (kind=SITE_IMAGE, replaces the old one) or a floor plan image (kind=FLOORPLAN, then create the floor plan with it); multipart field "file", an image of at most ${SITE_IMAGE_MAX_BYTES} bytes`,
      permission: 'nodemanagement',
      app: 'appId',
      params: NodeItemParams,
      query: NodeObjectUploadQuery,
      response: uploadResultSchema,
      rawBody: true,
      audit: mapAudit(rows, 'nodes.object.upload'),
      handler: async ({ app, params, query, request }) => {
        await rows.row(app.id, params.uuid);
        const upload = await readUpload(request, {
          field: 'file',
          maxBytes: SITE_IMAGE_MAX_BYTES,
          mimeTypes: SITE_IMAGE_MIME_TYPES,
        });
        const image = await objects.save(app.id, upload.mimeType, upload.content);
        const kind: ObjectKind = query.kind;
        if (kind === 'FLOORPLAN') return { image, kind, item: await rows.get(app.id, params.uuid) };
        // Re-read: the upload took a while; the replaced image goes once the new one is recorded.
        const row = await rows.row(app.id, params.uuid);
        const previous = row.geoInfo?.site?.image;
        const item = await geo.write(app.id, params.uuid, {
          ...(row.geoInfo ?? { tags: [] }),
          site: { ...(row.geoInfo?.site ?? {}), image },
        });
        if (previous && previous !== image) await objects.remove(app.id, previous);
        return { image, kind, item };
      },
    }),
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/object/:image`,
      summary: 'A site or floor plan image by application and name; image tags authenticate with ?token=',
      app: 'appId',
      params: NodeObjectParams,
      queryToken: true,
      handler: async ({ app, params, reply }) => {
        const image = await objects.read(app.id, params.image);
        if (!image) throw HttpError.notFound();
        const link = await objects.downloadUrl(app.id, params.image);
        if (link) return reply.redirect(link);
        return reply.type(image.contentType).header('cache-control', 'private, max-age=3600').send(image.content);
      },
    }),
    defineAppRoute({
      method: 'POST',
      url: `${BASE}/items/:uuid/floor-plan`,
      summary: 'Create the floor plan of a node from an uploaded FLOORPLAN image',
      permission: 'nodemanagement',
      app: 'appId',
      params: NodeItemParams,
      body: FloorPlanInput,
      response: itemSchema,
      audit: mapAudit(rows, 'nodes.floor-plan.create'),
      handler: async ({ app, params, body }) => {
        const row = await rows.row(app.id, params.uuid);
        if (!(await objects.read(app.id, body.image))) {
          throw HttpError.badRequest('nodes.errors.imageNotFound', 'image');
        }
        const previous = row.geoInfo?.floorPlan?.origin?.image;
        const geoInfo: GeoInfo = {
          ...(row.geoInfo ?? { tags: [] }),
          floorPlan: { origin: { image: body.image, imageEnable: body.imageEnable ?? true }, pins: [] },
        };
        const item = await geo.write(app.id, params.uuid, geoInfo);
        if (previous && previous !== body.image) await objects.remove(app.id, previous);
        return item;
      },
    }),
    defineAppRoute({
      method: 'DELETE',
      url: `${BASE}/items/:uuid/object`,
      summary: 'Delete the floor plan (kind=FLOORPLAN) or the site image (kind=SITE_IMAGE) of an item, with its file',
      permission: 'nodemanagement',
      app: 'appId',
      params: NodeItemParams,
      query: NodeObjectDeleteQuery,
      response: itemSchema,
      audit: mapAudit(rows, 'nodes.object.delete'),
      handler: async ({ app, params, query }) => {
        const row = await rows.row(app.id, params.uuid);
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
        const item = await geo.write(app.id, params.uuid, geoInfo);
        await objects.remove(app.id, image);
        return item;
      },
    }),
    defineAppRoute({
      method: 'PUT',
      url: `${BASE}/items/:uuid/floor-plan/pins`,
      summary: 'Place items below a node on its floor plan (x, y: fractions of the image width and height)',
      permission: 'nodemanagement',
      app: 'appId',
      params: NodeItemParams,
      body: FloorPlanPinsInput,
      response: itemSchema,
      audit: mapAudit(rows, 'nodes.floor-plan.pins'),
      handler: async ({ app, params, body }) => {
        const row = await rows.row(app.id, params.uuid);
        const floorPlan = row.geoInfo?.floorPlan;
        if (!floorPlan) throw HttpError.badRequest('nodes.errors.noFloorPlan');
        const names = await geo.childNames(app.id, params.uuid);
        const pins = new Map<string, { itemName: string; x: number; y: number }>();
        for (const [index, pin] of body.pins.entries()) {
          if (!names.has(pin.itemName)) {
            throw HttpError.badRequest('nodes.errors.pinNotChild', `pins.${index}.itemName`, { itemName: pin.itemName });
          }
          pins.set(pin.itemName, { itemName: pin.itemName, x: pin.x, y: pin.y });
        }
        return geo.write(app.id, params.uuid, { ...row.geoInfo, floorPlan: { ...floorPlan, pins: [...pins.values()] } });
      },
    }),
  ];
}
