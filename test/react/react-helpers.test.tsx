// pageloop/react with React 19 for real (no mocks of React): a component
// registers a tool whose card is a React component using the app's context
// and its own state; unmounting removes the tool; useAgentContext reaches
// the model; a render-and-wait tool answered from a React button.
import { expect } from 'chai';
import { createContext, useContext, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { z } from 'zod';
import type { AgentChat as AgentChatElement } from '../../components/agent-chat.js';
import { AgentChat, AgentProvider, useAgent, useAgentContext, useAgentTool } from '../../frameworks/react/index.js';
import { mockEndpoint, type MockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { Agent } from '../../src/types.js';
import { until } from '../components/helpers.js';

const Theme = createContext('plain');

function ForecastCard({ city, status }: { city: string; status: string }) {
  const theme = useContext(Theme);
  const [likes, setLikes] = useState(0);
  return (
    <div className="react-forecast" data-theme={theme} data-status={status}>
      <strong>{city}</strong>
      <button type="button" onClick={() => setLikes((n) => n + 1)}>
        Like ({likes})
      </button>
    </div>
  );
}

function Forecast() {
  useAgentTool(
    {
      name: 'show_forecast',
      description: 'Show the forecast',
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => ({ city, sky: 'clear' }),
      render: ({ args, status }) => <ForecastCard city={args?.city ?? ''} status={status} />,
    },
    [],
  );
  return null;
}

function SlotPicker() {
  useAgentTool({
    name: 'pick_slot',
    description: 'Let the user pick a slot',
    parameters: z.object({ slots: z.array(z.string()) }),
    result: z.object({ slot: z.string() }),
    render: ({ args, respond }) => (
      <div className="react-slots">
        {(args?.slots ?? []).map((slot) => (
          <button key={slot} type="button" disabled={!respond} onClick={() => void respond?.({ slot })}>
            {slot}
          </button>
        ))}
      </div>
    ),
  });
  return null;
}

function Filter({ value }: { value: string }) {
  useAgentContext('filter', { status: value }, 'the order list filter');
  return null;
}

let seenAgent: Agent | null = null;
function AgentProbe() {
  seenAgent = useAgent();
  return null;
}

function App({ mock, forecast, filter, chat }: { mock: MockEndpoint; forecast: boolean; filter: string; chat: { current: AgentChatElement | null } }) {
  return (
    <Theme.Provider value="dark-blue">
      <AgentProvider>
        {forecast ? <Forecast /> : null}
        <SlotPicker />
        <Filter value={filter} />
        <AgentProbe />
        <AgentChat ref={(el) => void (chat.current = el)} baseUrl={new URL(mock.baseURL, location.href).href} model="mock-model" style={{ height: '400px' }} />
      </AgentProvider>
    </Theme.Provider>
  );
}

const toolNames = (body: unknown) => ((body as { tools?: Array<{ function: { name: string } }> }).tools ?? []).map((t) => t.function.name).filter((n) => !['task_complete', 'ask_question', 'converse'].includes(n));
const systemOf = (body: unknown) => (body as { messages: Array<{ role: string; content: string }> }).messages.find((m) => m.role === 'system')!.content;

describe('pageloop/react with React 19', () => {
  let host: HTMLElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('renders a tool call as a React component with the app context and its own state; unmounting removes the tool; context reaches the model', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'show_forecast', args: { city: 'Oslo' } }]), textTurn('Clear skies.'), textTurn('No forecast tool now.')] });
    const chat = { current: null as AgentChatElement | null };
    flushSync(() => root.render(<App mock={mock} forecast filter="open" chat={chat} />));
    const element = await until(() => chat.current, 'the chat element');
    await until(() => seenAgent?.tools.some((t) => t.name === 'show_forecast'), 'useAgent and the registered tool');
    expect(seenAgent).to.equal(element.agent);

    await element.send('Weather in Oslo?').done;
    const card = await until(() => element.querySelector<HTMLElement>('.react-forecast[data-status="done"]'), 'the React card, done');
    expect(card.dataset.theme).to.equal('dark-blue');
    expect(card.querySelector('strong')!.textContent).to.equal('Oslo');
    // Its own state works inside the card.
    card.querySelector('button')!.click();
    await until(() => card.querySelector('button')!.textContent === 'Like (1)', 'the state update');
    // The card sits in the element's card, slotted.
    const slot = element.shadowRoot!.querySelector<HTMLSlotElement>('[part~="tool-call"] slot')!;
    expect(slot.assignedElements()[0]!.contains(card)).to.equal(true);

    flushSync(() => root.render(<App mock={mock} forecast={false} filter="shipped" chat={chat} />));
    await until(() => !element.agent.tools.some((t) => t.name === 'show_forecast'), 'the tool removed on unmount');
    await element.send('And now?').done;
    const log = await mock.log();
    expect(toolNames(log[0]!.body)).to.include('show_forecast');
    expect(toolNames(log[2]!.body)).not.to.include('show_forecast');
    expect(systemOf(log[0]!.body)).to.contain('- filter (the order list filter): {"status":"open"}');
    expect(systemOf(log[2]!.body)).to.contain('- filter (the order list filter): {"status":"shipped"}');
  });

  it('a render-and-wait tool answered from a React button', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'pick_slot', args: { slots: ['9:00', '11:00'] } }]), textTurn('Booked 11:00.')] });
    const chat = { current: null as AgentChatElement | null };
    flushSync(() => root.render(<App mock={mock} forecast={false} filter="open" chat={chat} />));
    const element = await until(() => chat.current, 'the chat element');
    await until(() => element.agent.tools.some((t) => t.name === 'pick_slot'), 'the registered tool');
    const run = element.send('Book me.');
    const button = await until(() => [...element.querySelectorAll<HTMLButtonElement>('.react-slots button')].find((b) => b.textContent === '11:00' && !b.disabled), 'the React slot buttons');
    button.click();
    expect((await run.done).reason).to.equal('answer');
    const history = await element.agent.messages();
    expect(history.find((m) => m.role === 'tool')!.content).to.equal(JSON.stringify({ slot: '11:00' }));
    await until(() => element.querySelectorAll('.react-slots button:not([disabled])').length === 0, 'the buttons disabled once answered');
  });
});
