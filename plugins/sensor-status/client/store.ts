import { cast, getEnv, getSnapshot, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type StoreEnv } from '@sensorium/core/client';
import { formatFieldValue, SIGNAL_TYPES, type Item, type NodeValuesPush } from '@sensorium/nodes/common';
import {
  liveRowChange,
  SENSOR_STATES,
  SENSOR_STATUS_PAGE_SIZE,
  type SensorField,
  type SensorState,
  type SensorStatusPage,
  type SensorStatusRow,
} from '../common';

/** Typing in the search waits this long before asking the server. */
export const SEARCH_DELAY_MS = 300;
/** Live values while a status or severity filter is on reload the page at most this often (a row may leave it). */
export const FILTERED_RELOAD_MS = 1000;
/** The page's column groups 1, 2 and 3 (accounts spec §9): location, device, update time. */
export const COLUMN_GROUPS = [1, 2, 3] as const;
export type ColumnGroup = (typeof COLUMN_GROUPS)[number];

export const SensorFieldModel = types.model('SensorField', {
  field: types.string,
  label: types.string,
  signal: types.enumeration([...SIGNAL_TYPES]),
  decimalPlace: types.number,
  unit: types.string,
  /** The value as shown (decimals and unit, as the item's Settings tab shows it); null before the first. */
  text: types.maybeNull(types.string),
  status: types.string,
  color: types.string,
});

/** A field as the store keeps it: its value as shown. */
function fieldSnapshot(field: SensorField) {
  const { field: name, label, signal, decimalPlace, unit, status, color } = field;
  return { field: name, label, signal, decimalPlace, unit, status, color, text: formatFieldValue(field.value, field) };
}

export const SensorRowModel = types
  .model('SensorRow', {
    uuid: types.identifier,
    itemName: types.string,
    displayName: types.string,
    path: types.array(types.string),
    address: types.maybeNull(types.string),
    dataSourceType: types.maybeNull(types.string),
    state: types.enumeration<SensorState>([...SENSOR_STATES]),
    severity: types.number,
    fields: types.array(SensorFieldModel),
    lastReceiveDate: types.maybeNull(types.string),
  })
  .actions((self) => ({
    applyLive(live: NodeValuesPush['items'][number]) {
      const change = liveRowChange({ state: self.state, fields: getSnapshot(self.fields) }, live);
      self.state = change.state;
      self.severity = change.severity;
      self.fields = cast(change.fields.map(fieldSnapshot));
      self.lastReceiveDate = change.lastReceiveDate;
    },
  }));

const rowSnapshot = (row: SensorStatusRow) => ({ ...row, fields: row.fields.map(fieldSnapshot) });

/**
 * The Sensor Status page (shell spec §2.3) of one application: its devices a page at a time, filtered by text, status
 * and severity, kept live by the `node-values` push; the column groups shown; and the device whose chart is open.
 */
export const SensorStatusStore = types
  .model('SensorStatus', {
    appId: '',
    q: '',
    status: types.maybeNull(types.enumeration<SensorState>([...SENSOR_STATES])),
    severity: types.maybeNull(types.number),
    offset: 0,
    total: 0,
    rows: types.array(SensorRowModel),
    loading: types.optional(RequestModel, {}),
    /** The column groups shown; all hidden until the user shows them. */
    groups: types.array(types.number),
    selectedUuid: types.maybeNull(types.string),
    detailLoading: types.optional(RequestModel, {}),
  })
  .volatile(() => ({
    latestLoad: 0,
    timer: null as ReturnType<typeof setTimeout> | null,
    /** The open device as nodes' item API answers it, handed as it is to the Chart tab (which reads nodes' Item). */
    detail: null as Item | null,
  }))
  .views((self) => ({
    get pageSize(): number {
      return SENSOR_STATUS_PAGE_SIZE;
    },
    get selected(): Instance<typeof SensorRowModel> | null {
      return self.rows.find((row) => row.uuid === self.selectedUuid) ?? null;
    },
    shows(group: ColumnGroup): boolean {
      return self.groups.includes(group);
    },
    get filtered(): boolean {
      return self.status !== null || self.severity !== null;
    },
    /** An unknown application, or one the user may not see. */
    get notFound(): boolean {
      return self.loading.failure?.status === 404;
    },
  }))
  .actions((self) => ({
    nextLoad(): number {
      return ++self.latestLoad;
    },
    setPage(page: SensorStatusPage) {
      self.total = page.total;
      self.rows = cast(page.rows.map(rowSnapshot));
    },
    setDetail(item: Item | null) {
      self.detail = item;
    },
    cancelTimer() {
      if (self.timer) clearTimeout(self.timer);
      self.timer = null;
    },
    toggleGroup(group: ColumnGroup) {
      if (self.groups.includes(group)) self.groups.remove(group);
      else self.groups.push(group);
    },
  }))
  .actions((self) => {
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    const base = () => `system-events-api/${encodeURIComponent(self.appId)}`;

    async function load(): Promise<void> {
      self.cancelTimer();
      const ticket = self.nextLoad();
      const searchParams: Record<string, string | number> = {
        page: Math.floor(self.offset / self.pageSize) + 1,
        size: self.pageSize,
      };
      if (self.q.trim()) searchParams.q = self.q.trim();
      if (self.status) searchParams.status = self.status;
      if (self.severity !== null) searchParams.severity = self.severity;
      const outcome = await track(self.loading, () =>
        http().get(`${base()}/sensor-status`, { searchParams }).json<SensorStatusPage>(),
      );
      if (outcome.ok && ticket === self.latestLoad) self.setPage(outcome.value);
    }

    /** Loads once `delay` has passed; a later call replaces an earlier wait. */
    function loadAfter(delay: number) {
      self.cancelTimer();
      self.timer = setTimeout(() => void load(), delay);
    }

    return {
      load,
      /** Opens an application's page: the first page, with the filters kept only for the same application. */
      open(appId: string): Promise<void> {
        if (appId !== self.appId) {
          self.appId = appId;
          self.q = '';
          self.status = null;
          self.severity = null;
          self.rows.clear();
          self.total = 0;
          self.selectedUuid = null;
        }
        self.offset = 0;
        return load();
      },
      /** The search text; the list follows once typing pauses. */
      setQuery(q: string) {
        self.q = q;
        self.offset = 0;
        loadAfter(SEARCH_DELAY_MS);
      },
      setStatus(status: SensorState | null): Promise<void> {
        self.status = status;
        self.offset = 0;
        return load();
      },
      setSeverity(severity: number | null): Promise<void> {
        self.severity = severity;
        self.offset = 0;
        return load();
      },
      goTo(offset: number): Promise<void> {
        self.offset = offset;
        return load();
      },
      /** Live values: rows on the page change at once; with a status or severity filter the page is asked for again. */
      applyValues(push: NodeValuesPush) {
        if (push.appId !== self.appId) return;
        for (const live of push.items) {
          self.rows.find((row) => row.uuid === live.uuid)?.applyLive(live);
          if (self.detail?.uuid === live.uuid) self.setDetail({ ...self.detail, ...live });
        }
        if (self.filtered && !self.timer) loadAfter(FILTERED_RELOAD_MS);
      },
      /** Opens a device's chart (null closes it): its item, with the field settings the chart reads. */
      async select(uuid: string | null): Promise<void> {
        self.selectedUuid = uuid;
        self.setDetail(null);
        if (!uuid) return;
        const outcome = await track(self.detailLoading, () =>
          http()
            .get(`node-structure-item/${encodeURIComponent(self.appId)}/items/${encodeURIComponent(uuid)}`)
            .json<Item>(),
        );
        if (outcome.ok && self.selectedUuid === uuid) self.setDetail(outcome.value);
      },
      beforeDestroy() {
        self.cancelTimer();
      },
    };
  });

export type SensorStatusStoreInstance = Instance<typeof SensorStatusStore>;
