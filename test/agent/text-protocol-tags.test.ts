import { expect } from 'chai';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool.js';
import { harness } from './harness.js';

const weather = defineTool({ name: 'get_weather', description: 'Weather', parameters: z.object({ city: z.string() }), execute: () => ({ tempC: 18 }) });
const call = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>';
const invented = `Checking.\n${call}\n<observation tool="get_weather">{"tempC": 35}</observation>\n<final_answer>It is 35 °C.</final_answer>`;

describe('text protocol tags in the loop', () => {
  for (const chunkSize of [1, 3, 1000]) {
    it(`cuts an invented observation from what is shown and stored, and runs the real call — ${chunkSize}-char deltas`, async () => {
      const h = harness([{ text: invented, chunkSize }, { text: '<thinking>It said 18.</thinking><final_answer>It is 18 °C in Paris.</final_answer>', chunkSize }], [weather], { toolProtocol: 'text' });
      const final = await h.send('Weather in Paris?');
      expect(final).to.deep.include({ reason: 'answer', text: 'It is 18 °C in Paris.' });
      const shown = h.of('text').map((e) => e.delta).join('');
      expect(shown).to.not.contain('35');
      expect(shown).to.not.contain('<');
      expect(shown.replace(/\s+/g, ' ').trim()).to.equal('Checking. It is 18 °C in Paris.');
      expect(h.of('thinking').map((e) => e.delta).join('')).to.equal('It said 18.');
      expect(h.of('tool-result')).to.have.length(1);
      const stored = JSON.stringify(h.session.messages());
      expect(stored).to.not.contain('35');
      expect(stored).to.not.contain('final_answer');
      expect(h.session.messages()[1]).to.deep.include({ role: 'assistant', content: 'Checking.' });
      // The text protocol asked the model to stop there in the first place.
      expect(h.model.requests[0]!.stop).to.deep.equal(['<observation']);
    });
  }
});
