/** A calendar day; month 1–12 (accounts spec §3). */
export interface DateParts {
  year: number;
  month: number;
  day: number;
}

/** A wall-clock time in the application's time zone. */
export interface TimeParts {
  hour: number;
  minute: number;
  second: number;
}

/** The only action type the spec offers. */
export const ACTION_TYPES = ['Device'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Sends the command `commandId` of the application's device `deviceName`. */
export interface MissionAction {
  actionType: ActionType;
  deviceName: string;
  commandId: string;
}

/** Sunday … Saturday, then Holiday. */
export const REPEAT_FLAGS = 8;
export const HOLIDAY_FLAG = 7;

/** When a mission runs: at `startTime` of every matching day (the end time sends nothing, docs/timer-missions.md). */
export interface MissionTimeSlot {
  isAlwaysEffective: boolean;
  effectiveDate: DateParts;
  untilDate: DateParts;
  startTime: TimeParts;
  endTime: TimeParts;
  /** Sunday to Saturday, then Holiday: on a holiday of the application's calendar only the Holiday flag counts. */
  repeatOn: boolean[];
  /** Days the slot does not run. */
  skipDate: DateParts[] | null;
}

/** A timer mission as the editor sends it (create, update, validate). */
export interface TimerMissionSettings {
  missionName: string;
  desc: string;
  isEnabled: boolean;
  actions: MissionAction[];
  timeslots: MissionTimeSlot[];
}

/** A timer mission as the API lists it. */
export interface TimerMission extends TimerMissionSettings {
  id: string;
  /** ISO date and time. */
  updatedAt: string;
}

/** The validate call's answer: messages per part, keyed `basic`, `action-{i}` and `timeslot-{i}`; empty when valid. */
export type MissionErrorMap = Record<string, string[]>;

/** One device of list-device (accounts spec §7), as nodes stores it, reduced to what the editor uses. */
export interface MissionDevice {
  itemName: string;
  itemDisplayName: string;
  dataSource: { sensorType: string; commands: { id: string; display: string }[] };
  geoInfo: { tags: string[] };
  input: Record<string, { rangeSettings: { ranges: { key: string; name: string }[] } }>;
}

/** What a run did: sent every command, some failed, or it was too late after downtime and skipped (never sent). */
export const RUN_STATUSES = ['sending', 'sent', 'failed', 'skipped', 'interrupted'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export interface RunCommandResult {
  deviceName: string;
  commandId: string;
  outcome: 'sent' | 'failed';
  /** The failure's message (an i18n key of nodes, or the adapter's text). */
  error?: string;
}

/** One entry of a mission's run log. */
export interface MissionRun {
  id: string;
  /** The slot start it was for (ISO). */
  scheduledAt: string;
  /** When it was sent or recorded (ISO). */
  ranAt: string;
  slotIndex: number;
  status: RunStatus;
  results: RunCommandResult[];
}

/** An application's schedule settings: the zone its slots are read in and its holiday calendar. */
export interface ScheduleSettings {
  /** IANA zone, e.g. Asia/Hong_Kong. */
  timeZone: string;
  /** Holidays as YYYY-MM-DD, sorted. */
  holidays: string[];
}
