import { describe, expect, it } from 'vitest';
import { appIdFromPath, menuUrl, pathForApp } from './app-path';

describe('application paths', () => {
  it('reads the application id only when the first segment is app', () => {
    expect(appIdFromPath('/app/plant_1/node-management')).toBe('plant_1');
    expect(appIdFromPath('/app/plant_1')).toBe('plant_1');
    expect(appIdFromPath('/app')).toBeNull();
    expect(appIdFromPath('/application/application-list')).toBeNull();
    expect(appIdFromPath('/diagnosis/app/x')).toBeNull();
  });

  it('switches to the same page of another application, or opens it from outside', () => {
    expect(pathForApp('/app/a/node-management', 'b')).toBe('/app/b/node-management');
    expect(pathForApp('/app/a/dashboard/main', 'b')).toBe('/app/b/dashboard/main');
    expect(pathForApp('/application/application-list', 'b')).toBe('/app/b');
  });

  it('substitutes {app_id} in menu URLs and drops the query string', () => {
    expect(menuUrl('/app/{app_id}/sensor?tab=1', '/app/plant_1/event-view')).toBe('/app/plant_1/sensor');
    expect(menuUrl('/diagnosis/audit-history?from=menu', '/home')).toBe('/diagnosis/audit-history');
    expect(menuUrl('/app/{app_id}/sensor', '/home')).toBe('/app/{app_id}/sensor');
  });
});
