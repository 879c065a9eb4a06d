// The approval policy (src/agent/calls/approval-policy.ts): every combination of
// mode, rule, caller and permission, as a table, and the rules beside the decision.
import { expect } from 'chai';
import { ApprovalPolicy, DEFAULT_APPROVAL, approvalMode, type Caller, type Decision, type UndoDecision } from '../../src/agent/calls/index.js';
import type { ApprovalMode } from '../../src/protocol/agent.js';

type Mode = 'ask' | 'auto' | undefined;
type Row = [mode: Mode, rule: ApprovalMode, caller: Caller, allowedForGood: boolean, distrusted: boolean, expected: Decision];

const CALLERS: Caller[] = ['model', 'browser-agent', 'mcp-app'];

/** Every row: mode × rule × caller × allowed × distrusted. */
function table(): Row[] {
  const rows: Row[] = [];
  for (const mode of ['ask', 'auto', undefined] as Mode[])
    for (const rule of ['never', 'always', 'dynamic'] as ApprovalMode[])
      for (const caller of CALLERS)
        for (const allowed of [false, true])
          for (const distrusted of [false, true]) {
            let expected: Decision;
            if (mode === 'auto' || rule === 'never') expected = 'run';
            // "Always allow" is the model's: it was given on a card of the model's call, and untrusted content suspends it.
            else if (caller === 'model' && allowed && !distrusted) expected = 'run';
            else expected = rule === 'dynamic' ? 'check' : 'ask';
            rows.push([mode, rule, caller, allowed, distrusted, expected]);
          }
  return rows;
}

describe('ApprovalPolicy', () => {
  it("has one default mode, 'ask'", () => {
    expect(DEFAULT_APPROVAL).to.equal('ask');
    expect(approvalMode(undefined)).to.equal('ask');
    expect(approvalMode('auto')).to.equal('auto');
  });

  it('decides every combination of mode, rule, caller, "always allow" and untrusted content as the table says', () => {
    const rows = table();
    expect(rows).to.have.length(3 * 3 * 3 * 2 * 2);
    const wrong: string[] = [];
    for (const [mode, rule, caller, allowed, distrusted, expected] of rows) {
      const policy = new ApprovalPolicy();
      if (allowed) policy.allow(['t']);
      if (distrusted) policy.distrust();
      const got = policy.decide({ name: 't', approval: rule }, caller, mode);
      if (got !== expected) wrong.push(`${mode ?? 'default'} ${rule} ${caller} allowed=${allowed} distrusted=${distrusted}: ${got}, expected ${expected}`);
    }
    expect(wrong).to.deep.equal([]);
  });

  it('finishes a checked call from what the page says its rule gives', () => {
    const policy = new ApprovalPolicy();
    expect(policy.afterCheck(true)).to.equal('ask');
    expect(policy.afterCheck(false)).to.equal('run');
  });

  it('"always" allows the tool for good; an approval after untrusted content restores it; revoke takes it back', () => {
    let changes = 0;
    const policy = new ApprovalPolicy(() => changes++);
    policy.approved('pay', false);
    expect(policy.allows('pay')).to.equal(false);
    policy.approved('pay', true);
    expect([policy.allows('pay'), policy.allowed, changes]).to.deep.equal([true, ['pay'], 1]);
    policy.approved('pay', true);
    expect(changes, 'no change, no store').to.equal(1);
    policy.distrust();
    expect(policy.allows('pay')).to.equal(false);
    expect(policy.decide({ name: 'pay', approval: 'always' }, 'model', 'ask')).to.equal('ask');
    policy.approved('pay', false);
    expect(policy.allows('pay')).to.equal(true);
    expect(policy.revoke('pay')).to.equal(true);
    expect(policy.revoke('pay')).to.equal(false);
    expect(policy.allows('pay')).to.equal(false);
  });

  it('runs a call the page died in again only when it is idempotent and needs no approval (or the mode is auto)', () => {
    const policy = new ApprovalPolicy();
    const cases: [ApprovalMode, boolean | undefined, Mode, boolean][] = [
      ['never', true, 'ask', true],
      ['never', undefined, 'ask', false],
      ['always', true, 'ask', false],
      ['dynamic', true, undefined, false],
      ['always', true, 'auto', true],
      ['always', false, 'auto', false],
    ];
    for (const [approval, idempotent, mode, expected] of cases) {
      expect(policy.mayRunAgain({ name: 't', approval, idempotent }, mode), `${approval} idempotent=${idempotent} ${mode}`).to.equal(expected);
    }
    // Allowed for good does not count: that permission may come from a stored (or imported) thread.
    policy.allow(['t']);
    expect(policy.mayRunAgain({ name: 't', approval: 'always', idempotent: true }, 'ask')).to.equal(false);
  });

  it('offers a sub-agent only the tools that only read and need no approval', () => {
    const policy = new ApprovalPolicy();
    expect(policy.offersToSubAgents({ readOnly: true, approval: 'never' })).to.equal(true);
    expect(policy.offersToSubAgents({ readOnly: true, approval: 'always' })).to.equal(false);
    expect(policy.offersToSubAgents({ readOnly: true, approval: 'dynamic' })).to.equal(false);
    expect(policy.offersToSubAgents({ approval: 'never' })).to.equal(false);
  });

  it('decides an undo by what the tool declares alone: no approval, whatever the rule, "always allow" or untrusted content', () => {
    // [undoable, readOnly, expected] × every rule × allowed × distrusted.
    const rows: [boolean, boolean, UndoDecision][] = [
      [true, false, 'run'],
      [true, true, 'run'],
      [false, true, 'skip'],
      [false, false, 'refuse'],
    ];
    const wrong: string[] = [];
    for (const [undoable, readOnly, expected] of rows)
      for (const rule of ['never', 'always', 'dynamic'] as ApprovalMode[])
        for (const allowed of [false, true])
          for (const distrusted of [false, true]) {
            const policy = new ApprovalPolicy();
            if (allowed) policy.allow(['t']);
            if (distrusted) policy.distrust();
            const got = policy.decideUndo({ name: 't', approval: rule, ...(undoable ? { undoable: true } : {}), ...(readOnly ? { readOnly: true } : {}) });
            if (got !== expected) wrong.push(`undoable=${undoable} readOnly=${readOnly} ${rule} allowed=${allowed} distrusted=${distrusted}: ${got}, expected ${expected}`);
          }
    expect(wrong).to.deep.equal([]);
  });

  it("shows a preview only for a page tool's call the user is asked about", () => {
    const policy = new ApprovalPolicy();
    expect(policy.previews('ask', { kind: 'page' })).to.equal(true);
    expect(policy.previews('ask', { kind: 'worker' })).to.equal(false);
    expect(policy.previews('run', { kind: 'page' })).to.equal(false);
  });
});
