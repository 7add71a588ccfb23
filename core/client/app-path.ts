/** Helpers for console paths of the form /app/{app_id}/… (spec §2.3 switcher, §2.4 sidebar). */

/** The application id of a path whose first segment is `app`, else null. */
export function appIdFromPath(pathname: string): string | null {
  const [first, second] = pathname.split('/').filter((segment) => segment !== '');
  return first === 'app' && second ? decodeURIComponent(second) : null;
}

/** The same page of another application (/app/a/node-management → /app/b/node-management), or /app/{id} outside an app. */
export function pathForApp(pathname: string, appId: string): string {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const id = encodeURIComponent(appId);
  if (segments[0] === 'app' && segments[1]) return `/${['app', id, ...segments.slice(2)].join('/')}`;
  return `/app/${id}`;
}

/** Fills `{app_id}` from the current path (left as is outside an application) and drops any query string. */
export function menuUrl(url: string, pathname: string): string {
  const withoutQuery = url.split('?')[0] ?? url;
  const appId = appIdFromPath(pathname);
  return appId === null ? withoutQuery : withoutQuery.replaceAll('{app_id}', encodeURIComponent(appId));
}
