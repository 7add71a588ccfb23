import { Combobox, Field, Option, Select } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '@sensorium/core/client';
import type { Item, TreeRow } from '@sensorium/nodes/common';

/** Options a search shows at once: enough to pick from, few enough for an application of 10,000 items. */
const SHOWN_MATCHES = 50;

/** An item's fields and commands, read when it is chosen (nodes' item call). */
export interface ItemDetails {
  fields: { field: string; label: string }[];
  commands: { id: string; display: string }[];
}

export function detailsOf(item: Item): ItemDetails {
  const fields = new Map<string, string>();
  for (const [field, preference] of Object.entries(item.input)) fields.set(field, preference.displayName || field);
  for (const field of Object.keys(item.outputSimple ?? {})) if (!fields.has(field)) fields.set(field, field);
  return {
    fields: [...fields].map(([field, label]) => ({ field, label })),
    commands: (item.dataSource.commands ?? []).filter((command) => command.id !== ''),
  };
}

/** Loads an item's details when `uuid` changes. */
export function useItemDetails(appId: string, uuid: string | undefined): ItemDetails | null {
  const http = useHttp();
  // Kept with the uuid they belong to, so another item's details never show while the chosen one's load.
  const [loaded, setLoaded] = useState<{ uuid: string; details: ItemDetails } | null>(null);
  useEffect(() => {
    if (!uuid) return;
    http
      .get(`node-structure-item/${encodeURIComponent(appId)}/items/${encodeURIComponent(uuid)}`)
      .json<Item>()
      .then((item) => setLoaded({ uuid, details: detailsOf(item) }))
      .catch(() => setLoaded({ uuid, details: { fields: [], commands: [] } }));
  }, [http, appId, uuid]);
  return loaded && loaded.uuid === uuid ? loaded.details : null;
}

/** The application's tree (nodes' tree call), loaded once per dialog. */
export function useTree(appId: string): TreeRow[] {
  const http = useHttp();
  const [rows, setRows] = useState<TreeRow[]>([]);
  useEffect(() => {
    http
      .get(`node-structure-item/${encodeURIComponent(appId)}/tree`)
      .json<{ items: TreeRow[] }>()
      .then((answer) => setRows(answer.items))
      .catch(() => setRows([]));
  }, [http, appId]);
  return rows;
}

export interface ItemPickerProps {
  rows: readonly TreeRow[];
  /** Devices only (items), or nodes too (a floor plan's node). */
  kinds: 'item' | 'any';
  value: string | undefined;
  label: string;
  onChange(uuid: string): void;
}

/** A searchable choice among the tree's items by name, showing the first matches only. */
export function ItemPicker({ rows, kinds, value, label, onChange }: ItemPickerProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const candidates = useMemo(() => rows.filter((row) => kinds === 'any' || row.itemType === 'item'), [rows, kinds]);
  const chosen = candidates.find((row) => row.uuid === value);
  const needle = query.trim().toLowerCase();
  const matches = candidates
    .filter((row) => !needle || `${row.itemName} ${row.itemDisplayName}`.toLowerCase().includes(needle))
    .slice(0, SHOWN_MATCHES);
  return (
    <Field label={label}>
      <Combobox
        placeholder={t('dashboards.widget.searchItem')}
        value={query || (chosen ? chosen.itemDisplayName || chosen.itemName : '')}
        selectedOptions={value ? [value] : []}
        onChange={(event) => setQuery(event.target.value)}
        onOptionSelect={(_event, data) => {
          setQuery('');
          if (data.optionValue) onChange(data.optionValue);
        }}
      >
        {matches.map((row) => (
          <Option key={row.uuid} value={row.uuid} text={row.itemDisplayName || row.itemName}>
            {row.itemDisplayName && row.itemDisplayName !== row.itemName
              ? `${row.itemDisplayName} (${row.itemName})`
              : row.itemName}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}

/** The field of a chosen item. */
export function FieldPicker(props: { details: ItemDetails | null; value: string; onChange(field: string): void }) {
  const { t } = useTranslation();
  return (
    <Field label={t('dashboards.widget.field')}>
      <Select value={props.value} onChange={(_event, data) => props.onChange(data.value)} disabled={!props.details}>
        <option value="" />
        {(props.details?.fields ?? []).map((field) => (
          <option key={field.field} value={field.field}>
            {field.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
