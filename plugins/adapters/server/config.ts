import { IsInt, Max, Min } from 'class-validator';
import { FromEnv } from '@sensorium/core/server';

/** The adapter sandbox's limits (plugins/adapters/README.md, docs/adapters.md). */
export class AdaptersConfig {
  /** How long one run of a script (decode, encode or a test) may take before it is interrupted. */
  @FromEnv('SENSORIUM_ADAPTER_TIME_LIMIT_MS', 'integer')
  @IsInt()
  @Min(1)
  @Max(10_000)
  timeLimitMs = 50;

  /** The memory one script's QuickJS runtime may allocate, in megabytes. */
  @FromEnv('SENSORIUM_ADAPTER_MEMORY_LIMIT_MB', 'integer')
  @IsInt()
  @Min(1)
  @Max(1024)
  memoryLimitMb = 16;

  /** The stack one script may use, in kilobytes (deep recursion ends with a stack overflow, not a crash). */
  @FromEnv('SENSORIUM_ADAPTER_STACK_LIMIT_KB', 'integer')
  @IsInt()
  @Min(64)
  @Max(8192)
  stackLimitKb = 256;

  /** Helper calls with an effect (e-mail, SMS, event) an application's scripts may make per minute. */
  @FromEnv('SENSORIUM_ADAPTER_HELPER_CALLS_PER_MINUTE', 'integer')
  @IsInt()
  @Min(0)
  @Max(100_000)
  helperCallsPerMinute = 10;
}

/** The limits a run gets, in the sandbox's units. */
export interface SandboxLimits {
  timeLimitMs: number;
  memoryBytes: number;
  stackBytes: number;
}

export function sandboxLimits(config: AdaptersConfig): SandboxLimits {
  return {
    timeLimitMs: config.timeLimitMs,
    memoryBytes: config.memoryLimitMb * 1024 * 1024,
    stackBytes: config.stackLimitKb * 1024,
  };
}
