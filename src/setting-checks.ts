/**
 * The options' checks, run on the page: each row of the settings table
 * (src/settings.ts) names its check, and this looks the name up among the
 * checks (src/option-checks.ts). Kept apart from the table so the worker,
 * which reads the table's flags, does not carry every option's check.
 */
import { CHECKS, type Check, type CheckSpec } from './option-checks.js';
import { SETTING_ROWS, type AgentOptions } from './settings.js';

/** The check a row names: the check itself, or one made from a maker and its arguments. */
function checkOf(spec: CheckSpec): Check {
  if (typeof spec === 'string') return CHECKS[spec];
  const [maker, ...args] = spec;
  return (CHECKS[maker] as (...made: unknown[]) => Check)(...args);
}

/** What option `key`'s row says is wrong with `value` (worded to follow the option's name), or undefined when it is fine or absent. */
export function settingProblem(key: keyof AgentOptions, value: unknown): string | undefined {
  const spec = SETTING_ROWS[key].check;
  return value === undefined || spec === undefined ? undefined : checkOf(spec)(value);
}

/** Throws a TypeError naming the first option of `options` that its row's check refuses (`where` starts the message). */
export function checkSettings(options: Partial<AgentOptions>, where: string): void {
  for (const key of Object.keys(SETTING_ROWS) as (keyof AgentOptions)[]) {
    const problem = settingProblem(key, options[key]);
    if (problem !== undefined) throw new TypeError(`${where}: ${key}${problem}.`);
  }
}
