/**
 * The body of `POST /api/node-structure-item/{app}/items` adding the ChirpStack device item `valve` under root, with the
 * one command `open` (fPort 3, `{relay: 'on'}`): the device the timer-mission and event-task tests send commands to.
 */
export function valveItemBody(deviceEUI: string, application?: string) {
  return {
    parentName: 'root',
    newItem: {
      itemType: 'item',
      itemName: 'valve',
      dataSource: {
        type: 'chirpstack',
        deviceEUI: deviceEUI.toUpperCase(),
        ...(application === undefined ? {} : { application }),
        commands: [{ id: 'open', display: 'Open', payload: { fPort: 3, object: { relay: 'on' } } }],
      },
    },
  };
}
