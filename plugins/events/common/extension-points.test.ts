import { describe, expect, it } from 'vitest';
import { eventSectionsFor, type EventDetailSection } from './extension-points';

const section = (id: string, order: number, permission?: string): EventDetailSection => ({
  id,
  titleKey: `${id}.title`,
  order,
  permission,
  component: () => null,
});

describe('eventSectionsFor', () => {
  it('orders the sections (ties by id) and leaves out those whose permission the user lacks', () => {
    const sections = [section('webhooks', 30), section('links', 10, 'event'), section('b-notes', 20), section('a-notes', 20)];
    const ids = (mayUse: (permission: string | undefined) => boolean) => eventSectionsFor(sections, mayUse).map((s) => s.id);
    expect(ids(() => true)).toEqual(['links', 'a-notes', 'b-notes', 'webhooks']);
    expect(ids((permission) => permission === undefined)).toEqual(['a-notes', 'b-notes', 'webhooks']);
    expect(sections.map((s) => s.id)).toEqual(['webhooks', 'links', 'b-notes', 'a-notes']);
  });
});
