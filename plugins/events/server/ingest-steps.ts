import { SYSTEM_ACTOR, type EventNodeInfo, type EventRecord, type EventTransition } from '../common';

/**
 * What one ingest batch did to one event, in order. 'updated' records a resume (the value left the event's range, with
 * the status it went to), a reopen (the value came back into the range of the open, resumed event) and a repeat (a
 * create that met an open event of the same item, field and range: that event takes the new value, as ThingsBoard does).
 */
export type IngestStep =
  | { kind: 'created'; at: string; value: string }
  | { kind: 'updated'; at: string; reason: 'resume'; resumeStatus: string; value: string }
  | { kind: 'updated'; at: string; reason: 'reopen' | 'repeat'; value: string }
  | { kind: 'auto-cleared'; at: string };

/** The history row's detail of a step. */
export function stepDetail(step: IngestStep): Record<string, unknown> {
  switch (step.kind) {
    case 'created':
      return { value: step.value };
    case 'updated':
      return step.reason === 'resume'
        ? { reason: step.reason, resumeStatus: step.resumeStatus, value: step.value }
        : { reason: step.reason, value: step.value };
    case 'auto-cleared':
      return {};
  }
}

/** What an event showed before the batch's first step (an event that was open before the batch). */
export interface EventBefore {
  value: string | null;
  node: EventNodeInfo;
  resumeStatus: string | null;
}

function applyStep(event: EventRecord, step: IngestStep): EventRecord {
  if (step.kind === 'auto-cleared') {
    return { ...event, isCleared: true, clearedBy: SYSTEM_ACTOR.label, clearedDateTime: step.at, eventStatus: 'cleared' };
  }
  if (step.kind === 'updated' && step.reason === 'resume') return { ...event, resumeStatus: step.resumeStatus };
  return { ...event, value: step.value, node: { ...event.node, value: step.value }, resumeStatus: null };
}

/**
 * The transitions of the batch's steps, each with the event as that step left it: replayed from the event as the batch
 * left it (the set-based write answers only that), put back to open with what it showed before the batch.
 */
export function transitionsOf(final: EventRecord, before: EventBefore | null, steps: readonly IngestStep[]): EventTransition[] {
  let event: EventRecord = {
    ...final,
    ...before,
    isCleared: false,
    clearedBy: null,
    clearedDateTime: null,
    eventStatus: final.isAcknowledged ? 'acked' : 'created',
  };
  return steps.map((step) => {
    event = applyStep(event, step);
    return { kind: step.kind, event, actor: SYSTEM_ACTOR, comment: null, detail: stepDetail(step) };
  });
}
