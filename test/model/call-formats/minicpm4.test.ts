import { describeFormat } from './harness.js';

describeFormat({
  family: 'MiniCPM3/4 <|tool_call_start|> ```python fence',
  learned: "MiniCPM tokenizer decode_function_call (ast over the fenced calls); MiniCPM4-MCP training data (<|thought_start|> reasoning, one call a line)",
  hint: 'minicpm',
  markers: ['<|tool_call_start|>', '<|tool_call_end|>', '```python', '<|thought_start|>', '<|thought_end|>'],
  cases: [
    {
      what: 'a thought, then one call',
      reply: '<|thought_start|>\nI will ask for the weather in Paris.\n<|thought_end|>\n<|tool_call_start|>\n```python\nget_weather(city="Paris",days=2)\n```\n<|tool_call_end|>\n',
      text: '',
      calls: [{ name: 'get_weather', args: { city: 'Paris', days: 2 } }],
      thinking: 'I will ask for the weather in Paris.',
    },
    {
      what: 'several calls, one a line, with prose after (as MiniCPM4-MCP writes it)',
      reply: '<|tool_call_start|>\n```python\nget_time(tz="CET")\nsearch(query="sauna",exact=True,limit=3)\n```\n<|tool_call_end|>\nLet me gather that for you.',
      text: 'Let me gather that for you.',
      calls: [
        { name: 'get_time', args: { tz: 'CET' } },
        { name: 'search', args: { query: 'sauna', exact: true, limit: 3 } },
      ],
    },
    {
      what: 'a call inside the thought never runs',
      reply: '<|thought_start|>\nMaybe <|tool_call_start|>\n```python\nget_time()\n```\n<|tool_call_end|>? No.\n<|thought_end|>\nIt is noon.',
      text: 'It is noon.',
      calls: [],
    },
    {
      what: 'an answer after a thought, no call',
      reply: '<|thought_start|>\nThe user wants a number.\n<|thought_end|>\n500 USD is about 425.50 EUR.',
      text: '500 USD is about 425.50 EUR.',
      calls: [],
      thinking: 'The user wants a number.',
    },
    {
      what: 'a fenced call that is not Python becomes an error the model can correct',
      reply: '<|tool_call_start|>\n```python\nget_weather(city=Paris\n```\n<|tool_call_end|>',
      text: '',
      calls: [{ name: 'get_weather', error: /Could not read the call/ }],
    },
    {
      what: 'a python code block in an answer stays text',
      reply: 'Use this:\n```python\nget_weather(city="Paris")\n```\nThat is all.',
      text: 'Use this:\n```python\nget_weather(city="Paris")\n```\nThat is all.',
      calls: [],
      noTools: true,
    },
  ],
});
