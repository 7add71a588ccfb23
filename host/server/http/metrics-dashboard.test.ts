import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { serverPlugins } from '../plugins';
import { databaseBackends, startTestServer, type TestServer } from '../testing';

const DASHBOARD = join(REPO_ROOT, 'docs/grafana/sensorium.json');

/** PromQL words that look like metric names: aggregation clauses and operators. */
const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
  'and',
  'or',
  'unless',
]);

/**
 * The metric names a PromQL expression reads: identifiers that are no function (followed by "("), no clause word, no
 * label inside {…} or by (…), no string, no range or number.
 */
function metricNames(expression: string): string[] {
  const bare = expression
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '');
  const names = [...bare.matchAll(/([A-Za-z_:][A-Za-z0-9_:]*)(\s*\()?/g)]
    .filter(([, name, call]) => !call && !PROMQL_WORDS.has(name!))
    .map(([, name]) => name!);
  return [...new Set(names)];
}

interface Panel {
  title?: string;
  type: string;
  targets?: { expr: string }[];
  panels?: Panel[];
}

async function dashboardQueries(): Promise<{ panel: string; expr: string }[]> {
  const dashboard = JSON.parse(await readFile(DASHBOARD, 'utf8')) as {
    panels: Panel[];
    templating: { list: { query?: string | { query: string } }[] };
  };
  const panels = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]);
  const variables = dashboard.templating.list.flatMap(({ query }) =>
    query && typeof query === 'object'
      ? [{ panel: 'variables', expr: query.query.replace(/^label_values\((.*),[^,]*\)$/, '$1') }]
      : [],
  );
  return [
    ...panels.flatMap((panel) => (panel.targets ?? []).map(({ expr }) => ({ panel: panel.title ?? '', expr }))),
    ...variables,
  ];
}

/** Metric families in the Prometheus text (# TYPE lines), with their types. */
function exportedFamilies(text: string): Map<string, string> {
  return new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => [name!, type!]));
}

/** The family a sample name belongs to (a histogram's _bucket, _sum and _count series). */
function familyOf(name: string, families: Map<string, string>): string {
  const base = name.replace(/_(bucket|sum|count)$/, '');
  return base !== name && families.get(base) === 'histogram' ? base : name;
}

describe('metricNames', () => {
  it('finds the metrics of a query and nothing else', () => {
    expect(
      metricNames(
        'topk(10, histogram_quantile(0.95, sum by (le, route) (rate(http_request_duration_seconds_bucket{instance=~"$instance", route!="x"}[$__rate_interval]))))',
      ),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(metricNames('sum(rate(a_sum[5m])) / sum(rate(a_count[5m])) * 60')).toEqual(['a_sum', 'a_count']);
  });
});

describe.each(databaseBackends())('the Grafana dashboard (docs/grafana/sensorium.json) on %s', (backend) => {
  let server: TestServer;
  let families: Map<string, string>;
  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: serverPlugins, mqtt: true });
    const metrics = await server.request('GET', '/metrics');
    expect(metrics.status).toBe(200);
    families = exportedFamilies(metrics.body as string);
  });
  afterAll(() => server?.close());

  it('queries only metrics the server exports at /metrics', async () => {
    const missing = (await dashboardQueries()).flatMap(({ panel, expr }) =>
      metricNames(expr)
        .filter((name) => !families.has(familyOf(name, families)))
        .map((name) => `${panel}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('shows every metric of Sensorium’s own (sensorium_*)', async () => {
    const queried = new Set(
      (await dashboardQueries()).flatMap(({ expr }) => metricNames(expr).map((name) => familyOf(name, families))),
    );
    const own = [...families.keys()].filter((name) => name.startsWith('sensorium_'));
    expect(own.length).toBeGreaterThan(10);
    expect(own.filter((name) => !queried.has(name))).toEqual([]);
  });
});
