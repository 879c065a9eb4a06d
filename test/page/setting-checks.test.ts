// The options' checks (src/setting-checks.ts): each row of the settings table
// names its check, and the page looks it up, so the worker, which reads the
// rows' flags, does not carry the checks.
import { expect } from 'chai';
import { SETTING_ROWS, type Setting } from '../../src/settings.js';
import { settingProblem } from '../../src/setting-checks.js';
import type { AgentOptions } from '../../src/types.js';

// A row can only name a check that exists, with the arguments its maker takes.
// @ts-expect-error: no check is called strin
export const misnamed: Setting = { side: 'loop', live: true, check: 'strin' };
// @ts-expect-error: wholeAtLeast takes a number
export const badArgument: Setting = { side: 'loop', live: true, check: ['wholeAtLeast', 'one'] };

describe('the options checks named by the settings table', () => {
  it("runs a maker's check with the row's arguments", () => {
    expect(settingProblem('temperature', 2.5)).to.equal(' must be a number from 0 to 2');
    expect(settingProblem('temperature', 2)).to.equal(undefined);
    expect(settingProblem('contextTokens', 511)).to.equal(' must be a whole number of at least 512');
    expect(settingProblem('contextTokens', 512)).to.equal(undefined);
    expect(settingProblem('approval', 'never')).to.equal(' must be "ask" or "auto"');
  });

  it('runs a named check as it is', () => {
    expect(settingProblem('systemPrompt', 1)).to.equal(' must be a string');
    expect(settingProblem('systemPrompt', '')).to.equal(undefined);
    expect(settingProblem('mcp', {})).to.match(/^ must be an array of servers/);
  });

  it('every row with a check refuses a value no option takes; an absent value and a row without a check pass', () => {
    const keys = (Object.keys(SETTING_ROWS) as (keyof AgentOptions)[]).filter((key) => SETTING_ROWS[key].check !== undefined);
    expect(keys.length).to.be.greaterThan(25);
    for (const key of keys) {
      expect(typeof settingProblem(key, Symbol('nothing')), key).to.equal('string');
      expect(settingProblem(key, undefined), key).to.equal(undefined);
    }
    expect(settingProblem('tools', Symbol('nothing'))).to.equal(undefined);
  });
});
