import { validateSync } from 'class-validator';
import { PluginWiringError } from '@sensorium/core/common';

/** How an environment variable's text becomes the property's value. */
/** `url-or-off` is `url`, except that `off` gives null (a feature with a default the operator may switch off). */
export type EnvParser = 'text' | 'url' | 'url-or-off' | 'integer' | 'boolean' | 'list';

interface EnvBinding {
  property: string;
  variable: string;
  parser: EnvParser;
}

const bindingsByClass = new WeakMap<object, EnvBinding[]>();

/**
 * Binds a property of a plugin's configuration class to an environment variable. An unset or blank variable keeps the
 * property's default; a set one is parsed (`url` drops a trailing slash) and then checked by the class-validator
 * decorators on the property, so `@FromEnv('TTS_API_URL', 'url') @IsOptional() @IsUrl() apiUrl: string | null = null`.
 */
export function FromEnv(variable: string, parser: EnvParser = 'text') {
  return (target: object, property: string): void => {
    const list = bindingsByClass.get(target) ?? [];
    list.push({ property, variable, parser });
    bindingsByClass.set(target, list);
  };
}

/** The environment variables a configuration class reads, for docs and error messages. */
export function envVariablesOf(configClass: new () => object): string[] {
  return (bindingsByClass.get(configClass.prototype) ?? []).map((binding) => binding.variable);
}

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

function parse(binding: EnvBinding, raw: string): unknown {
  switch (binding.parser) {
    case 'url':
      return raw.replace(/\/+$/, '');
    case 'url-or-off':
      return raw.toLowerCase() === 'off' ? null : raw.replace(/\/+$/, '');
    case 'integer':
      return /^-?\d+$/.test(raw) ? Number(raw) : raw;
    case 'boolean':
      if (TRUE.includes(raw.toLowerCase())) return true;
      if (FALSE.includes(raw.toLowerCase())) return false;
      return raw;
    case 'list':
      return raw
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
    default:
      return raw;
  }
}

/**
 * Builds and validates a plugin's configuration from the environment. A bad value throws one error naming the plugin,
 * each offending variable and what it must be.
 */
export function loadPluginConfig<C extends object>(
  pluginId: string,
  configClass: new () => C,
  env: Record<string, string | undefined>,
): C {
  const config = new configClass();
  const bindings = bindingsByClass.get(configClass.prototype) ?? [];
  for (const binding of bindings) {
    const raw = env[binding.variable]?.trim();
    if (raw) (config as Record<string, unknown>)[binding.property] = parse(binding, raw);
  }
  const problems = validateSync(config, { forbidUnknownValues: false }).map((error) => {
    const variable = bindings.find((binding) => binding.property === error.property)?.variable ?? error.property;
    const value = (config as Record<string, unknown>)[error.property];
    // class-validator starts each message with the property name; the operator knows the variable.
    const rules = Object.values(error.constraints ?? {}).map((message) => message.replace(new RegExp(`^${error.property} `), ''));
    return `${variable} ${rules.join('; ')} (is "${String(value)}")`;
  });
  if (problems.length > 0) {
    throw new PluginWiringError(`Plugin "${pluginId}" configuration: ${problems.join('. ')}`, pluginId);
  }
  return config;
}
