import { expect } from 'chai';
import { harness } from './harness.js';
import { workflowStart } from '../../src/agent/workflow.js';
import { checkPlan } from '../../src/agent/plan.js';

const template = { description: 'Summarise the selected order.', steps: ['Read the order', 'Save a summary to memory'] };

describe('workflow runs (session)', () => {
  it('ends with an unknown-workflow error and asks the model nothing when the name is unknown', async () => {
    const h = harness([{ text: 'never' }], [], { workflows: { summary: template } });
    const final = await h.session.runWorkflow('run1', 'sumary');
    expect(final.reason).to.equal('error');
    expect(h.of('error')[0]).to.deep.include({ code: 'unknown-workflow' });
    expect(h.of('run-start')).to.have.length(0);
    expect(h.model.requests).to.have.length(0);
    expect(h.session.messages()).to.deep.equal([]);
  });

  it('looks names up as own properties only', async () => {
    const h = harness([{ text: 'never' }], [], { workflows: { summary: template } });
    expect((await h.session.runWorkflow('run1', 'toString')).reason).to.equal('error');
    expect(h.model.requests).to.have.length(0);
  });

  it('gives the steps as a numbered list without planning, and as a valid initial plan with it', () => {
    const plain = workflowStart('summary', template, undefined, false);
    expect(plain.plan).to.equal(undefined);
    expect(plain.message).to.contain('1. Read the order\n2. Save a summary to memory');
    const planned = workflowStart('summary', template, '  ', true);
    expect(planned.message).not.to.contain('Input:');
    expect(checkPlan({ tasks: planned.plan }).ok).to.equal(true);
    expect(planned.plan!.map((t) => t.status)).to.deep.equal(['pending', 'pending']);
  });

  it('keeps the workflow in the run-start event of the stored events', async () => {
    const h = harness([{ text: 'ok' }], [], { workflows: { summary: template } });
    await h.session.runWorkflow('run1', 'summary', 'order 7');
    expect(h.session.events()[0]).to.deep.equal({ type: 'run-start', runId: 'run1', input: 'order 7', workflow: 'summary' });
  });
});
