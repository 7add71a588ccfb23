import { describe, expect, it } from 'vitest';
import { nextStepsText } from './next-steps';

describe('nextStepsText', () => {
  it('lists the commands under "Next steps" and ends with the pointer', () => {
    expect(nextStepsText(['npm start'], process.cwd(), 'See docs/plugins.md.')).toBe(
      '\nNext steps:\n  npm start\n\nSee docs/plugins.md.',
    );
  });

  it('starts with a cd when the plugin was generated into another checkout', () => {
    const text = nextStepsText(['npm start'], '/tmp/elsewhere', 'See docs/plugins.md.');
    expect(text.split('\n').slice(1, 4)).toEqual(['Next steps:', '  cd /tmp/elsewhere', '  npm start']);
  });
});
