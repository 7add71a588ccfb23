/** The id of the item panel's Chart tab (nodes' item-settings-tabs point): other pages show an item's chart through it. */
export const CHART_TAB_ID = 'device-pipeline.chart';
