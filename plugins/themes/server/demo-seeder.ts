import { DEMO_OPERATOR, type DemoSeeder } from '@sensorium/core/server';
import type { ThemeRepository } from './theme-repository';

const DEMO_THEMES = [
  {
    name: 'Light',
    description: 'Dark text on white panels',
    theme: { dashboard: { fontColor: '#212427', panelColor: 'white' } },
  },
  {
    name: 'Night',
    description: 'Light text on dark, slightly translucent panels',
    theme: { dashboard: { fontColor: '#e8eaedff', panelColor: '#1f2430e6', grid_stack_space_background_color: '#11151cff' } },
  },
];

export function themesDemoSeeder(repository: ThemeRepository): DemoSeeder {
  return {
    id: 'themes.demo',
    async run() {
      for (const theme of DEMO_THEMES) await repository.create(DEMO_OPERATOR, theme);
    },
  };
}
