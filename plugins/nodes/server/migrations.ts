import type { Migration } from '@sensorium/core/server';

/**
 * node_items and device_profiles. raw_data, field_history and node_events (steps 002, 003, 004 and 007 before) moved to
 * the device-pipeline plugin, contacts (step 005) to the notifications plugin, whose migrations take them over.
 */
export const migrations: Migration[] = [
  {
    id: '001-create-node-items',
    sql: `
      CREATE TABLE node_items (
        uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id text NOT NULL,
        item_name text NOT NULL,
        display_name text NOT NULL DEFAULT '',
        description text NOT NULL DEFAULT '',
        item_type text NOT NULL CHECK (item_type IN ('node', 'item')),
        parent_uuid uuid NULL REFERENCES node_items (uuid) ON DELETE CASCADE,
        position integer NOT NULL DEFAULT 0,
        enable boolean NOT NULL DEFAULT true,
        connection boolean NOT NULL DEFAULT false,
        last_receive_date timestamptz,
        last_valid_date timestamptz,
        input jsonb NOT NULL DEFAULT '{}',
        output_simple jsonb NOT NULL DEFAULT '{}',
        status jsonb NOT NULL DEFAULT '{"severity":0,"eventSeverity":0,"fieldStatus":{}}',
        data_source jsonb NOT NULL DEFAULT '{}',
        geo_info jsonb NOT NULL DEFAULT '{"tags":[]}',
        runtime jsonb NOT NULL DEFAULT '{}',
        source_type text NULL,
        device_id text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT node_items_app_item_name UNIQUE (app_id, item_name)
      );
      CREATE UNIQUE INDEX node_items_device ON node_items (source_type, device_id) WHERE device_id IS NOT NULL;
      CREATE INDEX node_items_parent ON node_items (parent_uuid);
    `,
  },
  {
    id: '006-create-device-profiles',
    sql: `
      CREATE TABLE device_profiles (
        uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id text NULL,
        device_profile_name text NOT NULL,
        sensor_brand text NOT NULL DEFAULT '',
        sensor_model text NOT NULL DEFAULT '',
        sub_type text NOT NULL DEFAULT '',
        data_source text NOT NULL CHECK (data_source IN ('lora', 'prtg', 'robot', 'lift', 'rgtnbiot')),
        commands jsonb NOT NULL DEFAULT '[]',
        output_simple_default jsonb NOT NULL DEFAULT '{}',
        output_config jsonb NOT NULL DEFAULT '{}',
        device_extra_info_setting jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX device_profiles_source ON device_profiles (data_source, app_id);
      INSERT INTO device_profiles
        (uuid, device_profile_name, sensor_brand, sensor_model, sub_type, data_source, commands, output_simple_default, output_config, device_extra_info_setting)
      VALUES
        ('6a1c1e0e-0001-4c5e-9a51-0000000000a1', 'Dragino LHT65 Temperature & Humidity', 'Dragino', 'LHT65', 'sensor', 'lora',
         '[{"id":"lht65-interval-10m","display":"Set uplink interval 10 min","payload":{"fPort":2,"data":"AQAAAlg="}},{"id":"lht65-interval-20m","display":"Set uplink interval 20 min","payload":{"fPort":2,"data":"AQAABLA="}}]',
         '{"TempC_SHT":0,"Hum_SHT":0,"BatV":0}', '{"TempC_SHT":{"unit":"°C","decimalPlace":1},"Hum_SHT":{"unit":"%","decimalPlace":1},"BatV":{"unit":"V","decimalPlace":2}}', '[]'),
        ('6a1c1e0e-0002-4c5e-9a51-0000000000a2', 'Milesight EM300-DI Door Contact', 'Milesight', 'EM300-DI', 'sensor', 'lora',
         '[]', '{"door":0,"battery":0}', '{"door":{"signal":"digital"},"battery":{"unit":"%"}}', '[]'),
        ('6a1c1e0e-0003-4c5e-9a51-0000000000a3', 'Elsys ERS CO2', 'Elsys', 'ERS CO2', 'sensor', 'lora',
         '[]', '{"temperature":0,"humidity":0,"light":0,"motion":0,"co2":0,"vdd":0}',
         '{"temperature":{"unit":"°C","decimalPlace":1},"humidity":{"unit":"%"},"light":{"unit":"lx"},"co2":{"unit":"ppm"},"vdd":{"unit":"mV"}}', '[]'),
        ('6a1c1e0e-0004-4c5e-9a51-0000000000a4', 'Milesight WS523 Power Meter Socket', 'Milesight', 'WS523', 'actuator', 'lora',
         '[{"id":"ws523-on","display":"Switch on","payload":{"fPort":85,"data":"CAEA/w=="}},{"id":"ws523-off","display":"Switch off","payload":{"fPort":85,"data":"CAAA/w=="}}]',
         '{"voltage":0,"active_power":0,"power_factor":0,"power_consumption":0,"current":0,"socket_status":"off"}',
         '{"voltage":{"unit":"V"},"active_power":{"unit":"W"},"power_consumption":{"unit":"Wh"},"current":{"unit":"mA"},"socket_status":{"signal":"string"}}', '[]'),
        ('6a1c1e0e-0005-4c5e-9a51-0000000000a5', 'RAK7268 Gateway', 'RAKwireless', 'RAK7268', 'gateway', 'lora',
         '[]', '{}', '{}', '[]'),
        ('6a1c1e0e-0006-4c5e-9a51-0000000000a6', 'PRTG Ping Sensor', 'Paessler', 'PRTG Ping', 'network', 'prtg',
         '[]', '{"ping_time":0,"packet_loss":0}', '{"ping_time":{"unit":"ms"},"packet_loss":{"unit":"%"}}', '[]'),
        ('6a1c1e0e-0007-4c5e-9a51-0000000000a7', 'Passenger Lift Controller', 'Sensorium', 'Lift Gateway L2', 'lift', 'lift',
         '[{"id":"lift-call-top","display":"Call to top floor","payload":{"object":{"call":"top"}}},{"id":"lift-call-bottom","display":"Call to bottom floor","payload":{"object":{"call":"bottom"}}}]',
         '{"floor":"L1","door":"closed","direction":"idle"}', '{"floor":{"signal":"string"},"door":{"signal":"string"},"direction":{"signal":"string"}}',
         '[{"name":"topFloor","type":"string"},{"name":"bottomFloor","type":"string"}]'),
        ('6a1c1e0e-0008-4c5e-9a51-0000000000a8', 'Cleaning Robot', 'Gausium', 'Phantas', 'robot', 'robot',
         '[{"id":"robot-start","display":"Start cleaning","payload":{"object":{"job":"start"}}},{"id":"robot-dock","display":"Return to dock","payload":{"object":{"job":"dock"}}}]',
         '{"battery":0,"status":"idle"}', '{"battery":{"unit":"%"},"status":{"signal":"string"}}',
         '[{"name":"serverType","type":"string"},{"name":"mapId","type":"number"},{"name":"autoDock","type":"boolean"},{"name":"zones","type":"array"}]'),
        ('6a1c1e0e-0009-4c5e-9a51-0000000000a9', 'NB-IoT Water Meter', 'RGT', 'NBW-100', 'meter', 'rgtnbiot',
         '[]', '{"volume":0,"battery":0}', '{"volume":{"unit":"m³","decimalPlace":3},"battery":{"unit":"%"}}', '[]');
    `,
  },
  {
    // A device is bound by its whole identity: ChirpStack and TTS scope devices by application (TTS device ids are unique
    // only within one). The same device id may be bound in two applications; an item without one overlaps every other.
    id: '008-bind-device-application',
    sql: `
      ALTER TABLE node_items ADD COLUMN device_application text NULL;
      UPDATE node_items
        SET device_application = NULLIF(lower(split_part(btrim(COALESCE(data_source->>'application', data_source->>'applicationId', '')), '@', 1)), '')
        WHERE device_id IS NOT NULL;
      DROP INDEX node_items_device;
      CREATE UNIQUE INDEX node_items_device ON node_items (source_type, device_id, COALESCE(device_application, ''))
        WHERE device_id IS NOT NULL;
    `,
  },
  {
    // The last failure of a source that fetches its data itself (crawler, PRTG), shown on the item until it answers again.
    id: '009-item-source-error',
    sql: `ALTER TABLE node_items ADD COLUMN source_error jsonb NULL;`,
  },
];
