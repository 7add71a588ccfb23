import { DASHBOARD_GRID_COLUMNS, type WidgetType } from '@sensorium/dashboards/common';
import type { TemplateDashboard } from './template-model';

/** A colour per widget kind, and what is drawn inside its box so the kinds can be told apart. */
const LOOK: Record<WidgetType, { fill: string; mark: (x: number, y: number, w: number, h: number) => string }> = {
  'value-card': {
    fill: '#dbeafe',
    mark: (x, y, w, h) => bar(x + w * 0.2, y + h * 0.45, w * 0.6, Math.min(8, h * 0.25), '#2563eb'),
  },
  gauge: {
    fill: '#dcfce7',
    mark: (x, y, w, h) => {
      const r = Math.min(w, h) * 0.32;
      const cx = x + w / 2;
      const cy = y + h * 0.7;
      return `<path d="M${cx - r} ${cy} A${r} ${r} 0 0 1 ${cx + r} ${cy}" fill="none" stroke="#16a34a" stroke-width="3"/>`;
    },
  },
  'time-series': {
    fill: '#fef3c7',
    mark: (x, y, w, h) => {
      const points = [0, 0.4, 0.2, 0.7, 0.35, 0.5, 0.9, 0.3].map((value, index, all) =>
        [(x + 6 + ((w - 12) * index) / (all.length - 1)).toFixed(1), (y + h * 0.25 + h * 0.6 * value).toFixed(1)].join(' '),
      );
      return `<polyline points="${points.join(' ')}" fill="none" stroke="#d97706" stroke-width="2"/>`;
    },
  },
  map: { fill: '#e0e7ff', mark: (x, y, w, h) => `<circle cx="${x + w / 2}" cy="${y + h / 2}" r="4" fill="#4f46e5"/>` },
  'floor-plan': { fill: '#ede9fe', mark: (x, y, w, h) => `<circle cx="${x + w / 2}" cy="${y + h / 2}" r="4" fill="#7c3aed"/>` },
  'alarm-list': { fill: '#fee2e2', mark: (x, y, w, h) => rows(x, y, w, h, '#dc2626') },
  'item-table': { fill: '#f1f5f9', mark: (x, y, w, h) => rows(x, y, w, h, '#64748b') },
  command: { fill: '#ccfbf1', mark: (x, y, w, h) => bar(x + w * 0.3, y + h * 0.4, w * 0.4, Math.min(10, h * 0.3), '#0d9488') },
};

function bar(x: number, y: number, w: number, h: number, fill: string): string {
  return `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" rx="2" fill="${fill}"/>`;
}

function rows(x: number, y: number, w: number, h: number, fill: string): string {
  const count = Math.max(1, Math.min(4, Math.floor(h / 12)));
  return Array.from({ length: count }, (_, index) => bar(x + 6, y + 10 + index * 10, w - 12, 4, fill)).join('');
}

/** Pixels of one grid column and row in the drawing. */
const CELL_W = 20;
const CELL_H = 16;
const GAP = 3;

/**
 * The template's dashboard drawn as its widgets' boxes, each coloured and marked by kind, as an SVG data URL: the
 * thumbnail of its card (shell spec §2.7). Drawn from the layout itself, so it always matches the dashboard created.
 */
export function templateThumbnail(dashboard: TemplateDashboard): string {
  const height = Math.max(...dashboard.widgets.map((widget) => widget.position.y + widget.position.h)) * CELL_H + GAP;
  const width = DASHBOARD_GRID_COLUMNS * CELL_W + GAP;
  const boxes = dashboard.widgets.map(({ type, position }) => {
    const x = position.x * CELL_W + GAP;
    const y = position.y * CELL_H + GAP;
    const w = position.w * CELL_W - GAP;
    const h = position.h * CELL_H - GAP;
    const look = LOOK[type];
    return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="${look.fill}" stroke="#cbd5e1"/>${look.mark(x, y, w, h)}`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#ffffff"/>${boxes.join('')}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
