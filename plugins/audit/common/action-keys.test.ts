import { describe, expect, it } from 'vitest';
import { ACTION_KEYS, NAMED_SENTENCE_KEYS } from './action-keys';
import { auditI18n } from './i18n';

describe('audit sentences', () => {
  it('has a label for every known action and a sentence for every named one, in each language', () => {
    for (const resources of Object.values(auditI18n)) {
      const texts = (resources as { audit: { actions: Record<string, string>; log: Record<string, string> } }).audit;
      for (const key of Object.values(ACTION_KEYS)) expect(texts.actions[key], key).toBeTruthy();
      for (const key of NAMED_SENTENCE_KEYS) expect(texts.log[key], key).toContain('{{name}}');
    }
  });
});
