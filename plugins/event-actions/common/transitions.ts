import type { EventTransitionKind } from '@sensorium/events/common';

/** The event steps that fire actions (nodes §4: created, acked, cleared); an automatic clear counts as cleared. */
export type ActionTransition = 'created' | 'acknowledged' | 'cleared';
export const ACTION_TRANSITIONS: readonly ActionTransition[] = ['created', 'acknowledged', 'cleared'];

/** The action step of an event transition, or null for one that fires nothing ('updated'). */
export function actionTransitionOf(kind: EventTransitionKind): ActionTransition | null {
  switch (kind) {
    case 'created':
    case 'acknowledged':
    case 'cleared':
      return kind;
    case 'auto-cleared':
      return 'cleared';
    default:
      return null;
  }
}
