import { expect } from 'chai';
import { plan } from '../../demo/scripted-model.js';
import { DEMO_WORKFLOWS } from '../../demo/workflows.js';
import { OrderStore } from '../../demo/data.js';
import { dashboardTools } from '../../demo/tools.js';
import { workflowStart } from '../../src/agent/workflow.js';

describe('demo: workflows', () => {
  it('name only tools the dashboard has', () => {
    const names = dashboardTools(new OrderStore()).map((t) => t.name);
    for (const [name, template] of Object.entries(DEMO_WORKFLOWS)) {
      expect(template.tools!.filter((t) => !names.includes(t)), name).to.deep.equal([]);
    }
  });

  it('are played by the scripted model with a tool each workflow offers', () => {
    const first = (name: string) => plan([{ role: 'user', content: workflowStart(name, DEMO_WORKFLOWS[name]!, undefined, false).message }]).calls?.[0];
    expect(first('follow-up-pending')).to.deep.equal({ name: 'find_orders', args: { status: 'pending' } });
    expect(first('review-selected')).to.deep.equal({ name: 'read_selected_order', args: {} });
  });
});
