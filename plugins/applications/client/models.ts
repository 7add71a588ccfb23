import { getSnapshot, types, type Instance } from 'mobx-state-tree';
import {
  SEVERITY_COLOURS,
  SEVERITY_LEVELS,
  type ApplicationDetail,
  type ApplicationSetting,
  type SeverityLevel,
} from '../common';

/** One line of an application card's event area. */
export const EventEntryModel = types.model('ApplicationEventEntry', {
  title: types.string,
  severity: types.number,
  value: types.string,
});

/** An application as the list, the card and the switcher show it (ApplicationSummary). */
export const ApplicationSummaryModel = types.model('ApplicationSummary', {
  id: types.string,
  name: types.string,
  description: types.string,
  logo: types.maybeNull(types.string),
  endCustomerId: types.string,
  endCustomerName: types.string,
  updateDate: types.string,
  /** Null when the events could not be retrieved. */
  event: types.maybeNull(types.model('ApplicationEvents', { eventList: types.array(EventEntryModel) })),
  /** Read-only here: its severity settings, as severityPresentation reads them. */
  setting: types.frozen<ApplicationSetting>({}),
});
export type ApplicationSummaryInstance = Instance<typeof ApplicationSummaryModel>;

export const EndCustomerModel = types.model('EndCustomer', {
  id: types.string,
  name: types.string,
});

/** A row of the alarm bell's summary: counts are numeric text, as the spec's call returns them. */
export const EventSummaryRowModel = types.model('EventSummaryRow', {
  appId: types.string,
  count: types.string,
  severity: types.number,
});

export const SeverityLevelModel = types.model('SeverityLevelSetting', {
  name: types.string,
  description: types.string,
  color: types.enumeration('SeverityColour', [...SEVERITY_COLOURS]),
  sound: types.boolean,
  enabled: types.boolean,
});

/** An application's settings; a key is absent until the user first saves it (so `maybe`, not a default). */
export const ApplicationSettingModel = types.model('ApplicationSetting', {
  severitySettingEnable: types.maybe(types.boolean),
  /** Keyed by level, '0' to '4'. */
  severitySetting: types.maybe(types.map(SeverityLevelModel)),
});

/** One application with its settings (GET /application/{id}). */
export const ApplicationDetailModel = types
  .model('ApplicationDetail', {
    id: types.string,
    name: types.string,
    description: types.string,
    logo: types.maybeNull(types.string),
    endCustomerId: types.string,
    endCustomerName: types.string,
    updateDate: types.string,
    setting: types.optional(ApplicationSettingModel, {}),
  })
  .views((self) => ({
    /** As the setting form and the save payload read it: plain data, levels in order. */
    get plain(): ApplicationDetail {
      const setting: ApplicationSetting = {};
      if (self.setting.severitySettingEnable !== undefined) setting.severitySettingEnable = self.setting.severitySettingEnable;
      const levels = self.setting.severitySetting;
      if (levels) {
        setting.severitySetting = {};
        for (const level of SEVERITY_LEVELS) {
          const entry = levels.get(level);
          if (entry) setting.severitySetting[level as SeverityLevel] = { ...getSnapshot(entry) };
        }
      }
      return {
        id: self.id,
        name: self.name,
        description: self.description,
        logo: self.logo,
        endCustomerId: self.endCustomerId,
        endCustomerName: self.endCustomerName,
        updateDate: self.updateDate,
        setting,
      };
    },
  }));
export type ApplicationDetailInstance = Instance<typeof ApplicationDetailModel>;
