/** JSON schemas of the answers, for the OpenAPI document. */

const dateTime = { type: 'string', format: 'date-time' };
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' };
const jsonObject = { type: 'object', additionalProperties: true };

const status = {
  type: 'object',
  properties: {
    severity: { type: 'integer' },
    eventSeverity: { type: 'integer' },
    fieldStatus: {
      type: 'object',
      additionalProperties: { type: 'object', properties: { status: { type: 'string' }, color: { type: 'string' } } },
    },
    discarded: {
      type: 'object',
      description: 'Per field with discarded readings: how many, and the last one with its reason',
      additionalProperties: {
        type: 'object',
        properties: {
          count: { type: 'integer' },
          value: { type: 'string' },
          reason: { type: 'string', enum: ['spikeFilter', 'unreadable'] },
          at: dateTime,
          min: { type: ['number', 'null'] },
          max: { type: ['number', 'null'] },
          signal: { type: 'string' },
        },
      },
    },
  },
};

const geoInfo = {
  type: 'object',
  properties: {
    tags: { type: 'array', items: { type: 'string' } },
    site: {
      type: 'object',
      properties: {
        address: { type: 'string' },
        image: { type: 'string' },
        geoCoordinates: { type: 'array', items: { type: 'number' }, description: '[lng, lat]' },
      },
    },
    floorPlan: jsonObject,
    point: { type: 'object', properties: { lat: { type: 'number' }, lng: { type: 'number' } } },
  },
};

const command = {
  type: 'object',
  properties: { id: { type: 'string' }, display: { type: 'string' }, payload: {} },
};

export const itemSchema = {
  type: 'object',
  description: 'A node or item (spec 3.1)',
  properties: {
    uuid: { type: 'string', format: 'uuid' },
    itemName: { type: 'string' },
    itemDisplayName: { type: 'string' },
    itemDescription: { type: 'string' },
    itemType: { type: 'string', enum: ['node', 'item'] },
    parentName: { type: ['string', 'null'] },
    position: { type: 'integer' },
    enable: { type: 'boolean' },
    connection: { type: 'boolean' },
    updatedAt: dateTime,
    lastReceiveDate: nullableDateTime,
    lastValidDate: nullableDateTime,
    input: { type: 'object', description: 'Field preferences by field (spec 3.3)', additionalProperties: jsonObject },
    outputSimple: {
      type: 'object',
      description: 'Current values; <field>_raw holds the un-debounced value',
      additionalProperties: true,
    },
    status,
    dataSource: {
      type: 'object',
      additionalProperties: true,
      properties: {
        type: { type: 'string' },
        deviceEUI: { type: 'string' },
        sn: { type: 'string' },
        connectionTimeoutSec: { type: 'integer' },
        enableHistory: { type: 'boolean' },
        commands: { type: 'array', items: command },
        sensorType: { type: 'string' },
        componentChildName: { type: 'string' },
      },
    },
    geoInfo,
    storeHistory: { type: 'boolean' },
    sourceError: {
      type: 'object',
      description: 'The last failure of a source that fetches its data itself (crawler); absent once it answered again',
      properties: { message: { type: 'string' }, at: dateTime },
    },
  },
};

const treeRow = {
  type: 'object',
  properties: {
    uuid: { type: 'string', format: 'uuid' },
    itemName: { type: 'string' },
    itemDisplayName: { type: 'string' },
    itemType: { type: 'string', enum: ['node', 'item'] },
    parentName: { type: ['string', 'null'] },
    position: { type: 'integer' },
    depth: { type: 'integer', description: '1 for the root; at most 7' },
    enable: { type: 'boolean' },
    connection: { type: 'boolean' },
    severity: { type: 'integer' },
    eventSeverity: { type: 'integer' },
    dataSourceType: { type: ['string', 'null'] },
    tags: { type: 'array', items: { type: 'string' } },
    hasGps: { type: 'boolean' },
    hasFloorPlan: { type: 'boolean' },
    hasPin: { type: 'boolean' },
  },
};

export const treeSchema = { type: 'object', properties: { items: { type: 'array', items: treeRow } } };

const column = (items: object, description: string) => ({ type: 'array', items, description });

export const treeOutlineSchema = {
  type: 'object',
  description: 'Row i of the tree is entry i of every column; rows in tree order',
  properties: {
    uuid: column({ type: 'string', format: 'uuid' }, 'The item’s uuid'),
    itemName: column({ type: 'string' }, 'The item name'),
    itemDisplayName: column({ type: 'string' }, 'The display name, empty when none'),
    depth: column({ type: 'integer' }, '1 for the root; the parent is the nearest row above one level up'),
    flags: column(
      { type: 'integer' },
      'Bits: 1 node (else item), 2 disabled, 4 GPS location, 8 floor plan, 16 pin on the parent’s floor plan',
    ),
    severity: column({ type: 'integer' }, 'The field severity'),
    eventSeverity: column({ type: 'integer' }, 'The event severity'),
    tags: column({ type: 'array', items: { type: 'string' } }, 'The device tags'),
  },
};

export const availabilitySchema = { type: 'object', properties: { available: { type: 'boolean' } } };

export const commandsSchema = { type: 'object', properties: { commands: { type: 'array', items: command } } };

const geoSummary = {
  type: 'object',
  properties: {
    uuid: { type: 'string', format: 'uuid' },
    itemName: { type: 'string' },
    itemDisplayName: { type: 'string' },
    itemType: { type: 'string' },
    parentName: { type: ['string', 'null'] },
    enable: { type: 'boolean' },
    connection: { type: 'boolean' },
    status,
    outputSimple: jsonObject,
    dataSourceType: { type: ['string', 'null'] },
    geoInfo,
  },
};

export const geoInfoSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        parent: geoSummary,
        children: { type: 'array', items: geoSummary, description: 'One page of the nodes and sensors below, in tree order' },
        total: { type: 'integer', description: 'How many nodes and sensors are below the parent' },
      },
    },
  },
};
