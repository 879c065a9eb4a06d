import { describeFormat } from './harness.js';

const call = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>';

describeFormat({
  family: 'ReAct tags: <thinking>, <final_answer>, invented <observation>',
  learned: 'seed 001 (forge) prompts; pageloop text protocol',
  hint: 'hermes',
  markers: ['<thinking>', '</thinking>', '<final_answer>', '</final_answer>', '<observation', '<tool_call>'],
  cases: [
    {
      what: '<thinking> at the start is reasoning',
      reply: '<thinking>The user wants Paris.</thinking>\nIt is sunny.',
      text: 'It is sunny.',
      calls: [],
      thinking: 'The user wants Paris.',
    },
    {
      what: 'a call inside <thinking> never runs',
      reply: `<thinking>Maybe ${call}? No.</thinking>\n\nIt is noon.`,
      text: 'It is noon.',
      calls: [],
      thinking: `Maybe ${call}? No.`,
    },
    {
      what: '<thinking> in the middle of a reply is reasoning, handed out as thinking',
      reply: 'Let me see. <thinking>Paris is in France.</thinking> It is sunny.',
      text: 'Let me see. It is sunny.',
      calls: [],
      thinking: 'Paris is in France.',
    },
    {
      what: '<think> in the middle of a reply is reasoning too, and a call in it never runs',
      reply: `First part. <think>perhaps ${call}</think> Second part.`,
      text: 'First part. Second part.',
      calls: [],
      thinking: `perhaps ${call}`,
    },
    {
      what: '<thinking> then a real call',
      reply: `<thinking>Need the weather.</thinking>\n${call}`,
      text: '',
      calls: [{ name: 'get_weather', args: { city: 'Paris' } }],
      thinking: 'Need the weather.',
    },
    {
      what: 'prose that mentions a <thinking> tag stays text',
      reply: 'Models often wrap reasoning in a <thinking> tag before they answer.',
      text: 'Models often wrap reasoning in a <thinking> tag before they answer.',
      calls: [],
      thinking: '',
    },
    {
      what: '<final_answer> is unwrapped',
      reply: '<final_answer>It is sunny in Paris.</final_answer>',
      text: 'It is sunny in Paris.',
      calls: [],
    },
    {
      what: '<thinking> then <final_answer>',
      reply: '<thinking>Known already.</thinking>\n<final_answer>\nIt is 21 °C.\n</final_answer>',
      text: 'It is 21 °C.',
      calls: [],
      thinking: 'Known already.',
    },
    {
      what: 'prose before <final_answer> stays',
      reply: 'Done.\n<final_answer>Order 7 is late.</final_answer>',
      text: 'Done. Order 7 is late.',
      calls: [],
    },
    {
      what: 'an <observation> invented after the call is cut with all after it',
      reply: `${call}\n<observation>{"temp": 21}</observation>\nIt is 21 degrees.`,
      text: '',
      calls: [{ name: 'get_weather', args: { city: 'Paris' } }],
      hidden: ['21', 'degrees'],
    },
    {
      what: 'an invented <observation tool="…"> after prose and a call is cut',
      reply: `Checking.\n${call}<observation tool="get_weather">sunny</observation><final_answer>Sunny.</final_answer>`,
      text: 'Checking.',
      calls: [{ name: 'get_weather', args: { city: 'Paris' } }],
      hidden: ['sunny', 'Sunny'],
    },
    {
      what: 'a whole invented ReAct loop: only the thought and the call survive',
      reply: `<thinking>Check first.</thinking>\n${call}\n<observation>made up</observation>\n<thinking>so</thinking>\n<final_answer>fake</final_answer>`,
      text: '',
      calls: [{ name: 'get_weather', args: { city: 'Paris' } }],
      thinking: 'Check first.',
      hidden: ['made up', 'fake', 'so'],
    },
    {
      what: 'an <observation> without a call before it is prose',
      reply: 'Results come back in an <observation> block after each call.',
      text: 'Results come back in an <observation> block after each call.',
      calls: [],
    },
  ],
});
