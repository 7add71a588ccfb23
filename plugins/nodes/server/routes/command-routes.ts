import { defineAppRoute, type AnyRouteDefinition } from '@sensorium/core/server';
import { NodeCommandInput, NodeItemParams, NodeOutputInput, RangeTaskInput } from '../../common/inputs';
import type { NodeItems } from '../items';
import { commandsSchema, itemSchema } from '../response-schemas';
import { BASE, PER_MINUTE } from './item-routes';
import { fieldSettingsAudit } from './preference-routes';

/** An item's commands, sending them and output values to its device, and the tasks that send them on events. */
export function commandRoutes(items: NodeItems): AnyRouteDefinition[] {
  return [
    defineAppRoute({
      method: 'PUT',
      url: `${BASE}/items/:uuid/task`,
      summary: 'Save the tasks (created, acked, cleared) of one range’s event',
      permission: 'nodemanagement',
      app: 'appId',
      params: NodeItemParams,
      body: RangeTaskInput,
      response: itemSchema,
      audit: fieldSettingsAudit(items, 'nodes.task.save'),
      handler: ({ app, params, body }) => items.tasks.saveTask(app.id, params.uuid, body.targetField, body.rangeIndex, body.task),
    }),
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/items/:uuid/commands`,
      summary: 'The item’s commands, after a "No command selected" entry',
      app: 'appId',
      params: NodeItemParams,
      response: commandsSchema,
      handler: async ({ app, params }) => ({ commands: await items.tasks.commands(app.id, params.uuid) }),
    }),
    defineAppRoute({
      method: 'POST',
      url: `${BASE}/items/:uuid/command`,
      errors: [502],
      summary: 'Send one of the item’s commands to the device through its data source',
      permission: 'nodemanagement',
      app: 'appId',
      params: NodeItemParams,
      body: NodeCommandInput,
      rateLimit: { max: 60, timeWindowMs: PER_MINUTE },
      audit: { action: 'nodes.command.send', type: 'device' },
      handler: async ({ app, params, body }) => {
        await items.tasks.sendCommand(app.id, params.uuid, body.commandId);
        return { success: true };
      },
    }),
    defineAppRoute({
      method: 'POST',
      url: `${BASE}/items/:uuid/output`,
      errors: [502],
      summary: 'Set an output field (toggle switch or input) on the device',
      permission: 'nodemanagement',
      app: 'appId',
      params: NodeItemParams,
      body: NodeOutputInput,
      rateLimit: { max: 120, timeWindowMs: PER_MINUTE },
      audit: { action: 'nodes.output.post', type: 'device' },
      handler: async ({ app, params, body }) => {
        await items.tasks.postOutput(app.id, params.uuid, body.targetField, body.value);
        return { success: true };
      },
    }),
  ];
}
