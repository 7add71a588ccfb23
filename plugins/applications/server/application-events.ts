import type { ApplicationEventEntry, ApplicationListResponse, EventSummarySource } from '../common';

/** How many of its latest open events an application card lists. */
export const CARD_EVENT_COUNT = 3;

/**
 * The application list with each card's event list (shell §2.5): the latest open events the event sources report.
 * When a source fails, the cards say the events cannot be retrieved (`event: null`) and the list still shows.
 */
export async function withLatestEvents(
  list: ApplicationListResponse,
  sources: readonly EventSummarySource[],
  viewer: { id: string; level: string },
  onFailure: (error: unknown) => void,
): Promise<ApplicationListResponse> {
  const appIds = list.appList.map((app) => app.id);
  if (appIds.length === 0 || sources.length === 0) return list;
  const byApp = new Map<string, ApplicationEventEntry[]>();
  try {
    const rows = (await Promise.all(sources.map((source) => source.latestOpen(appIds, viewer, CARD_EVENT_COUNT)))).flat();
    for (const { appId, ...entry } of rows) byApp.set(appId, [...(byApp.get(appId) ?? []), entry]);
  } catch (error) {
    onFailure(error);
    return { ...list, appList: list.appList.map((app) => ({ ...app, event: null })) };
  }
  return {
    ...list,
    appList: list.appList.map((app) => ({
      ...app,
      event: {
        eventList: (byApp.get(app.id) ?? []).slice(0, CARD_EVENT_COUNT),
      },
    })),
  };
}
