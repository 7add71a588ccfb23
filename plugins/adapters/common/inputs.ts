import { IsIn, IsInt, IsString, IsUUID, MaxLength, Min } from 'class-validator';
import { SAMPLE_MAX_CHARS, SCRIPT_MAX_CHARS } from './limits';
import { TARGET_KINDS, type TargetKind } from './types';

/** Where the payload of a test run comes from: how the server turns it into decode's input. */
export const SAMPLE_SOURCES = ['chirpstack', 'ttn', 'json'] as const;
export type SampleSource = (typeof SAMPLE_SOURCES)[number];

export class AppParams {
  @IsString()
  appId!: string;
}

/** Query of GET /api/adapters/{appId}/script: which target's script. */
export class ScriptTargetInput {
  @IsIn(TARGET_KINDS)
  targetKind!: TargetKind;

  @IsUUID()
  targetId!: string;
}

/** Body of POST /api/adapters/{appId}/script: a new version of the target's script. */
export class SaveScriptInput extends ScriptTargetInput {
  @IsString()
  @MaxLength(SCRIPT_MAX_CHARS)
  source!: string;
}

/** Body of POST /api/adapters/{appId}/script/rollback: makes an earlier version current, as a new version. */
export class RollbackScriptInput extends ScriptTargetInput {
  @IsInt()
  @Min(1)
  version!: number;
}

/** Body of POST /api/adapters/{appId}/test: runs unsaved text on a sample, with no effect (helpers are only listed). */
export class TestRunInput {
  @IsString()
  @MaxLength(SCRIPT_MAX_CHARS)
  source!: string;

  @IsIn(['decode', 'encode'])
  fn!: 'decode' | 'encode';

  @IsIn(SAMPLE_SOURCES)
  sampleSource!: SampleSource;

  /** The sample as JSON text (an uplink message of the source, a plain JSON object, or encode's command). */
  @IsString()
  @MaxLength(SAMPLE_MAX_CHARS)
  payload!: string;
}
