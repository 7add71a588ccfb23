import { describe, expect, it } from 'vitest';
import { loadPluginConfig } from '@sensorium/core/server';
import { AccountConfig } from './config';

describe('account configuration', () => {
  const load = (env: Record<string, string>) => loadPluginConfig('account', AccountConfig, env);

  it('keeps a reset link 30 minutes unless SENSORIUM_RESET_TOKEN_MINUTES says otherwise', () => {
    expect(load({}).resetTokenMinutes).toBe(30);
    expect(load({ SENSORIUM_RESET_TOKEN_MINUTES: '60' }).resetTokenMinutes).toBe(60);
  });

  it.each(['soon', '0', '10081'])('refuses SENSORIUM_RESET_TOKEN_MINUTES=%s naming the variable', (value) => {
    expect(() => load({ SENSORIUM_RESET_TOKEN_MINUTES: value })).toThrow(
      /^Plugin "account" configuration: SENSORIUM_RESET_TOKEN_MINUTES /,
    );
  });
});
