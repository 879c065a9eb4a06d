import { expect } from 'chai';

/** Polls `check` until it returns something truthy. */
async function until<T>(check: () => T | null | undefined | false, what: string, tries = 600): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe('demo: the conversation survives a reload', function () {
  this.timeout(60000);
  let frame: HTMLIFrameElement;

  const chat = () => frame.contentDocument?.querySelector('agent-chat') as (HTMLElement & { send(text: string): void }) | null | undefined;
  /** What the messages of a part show, whitespace collapsed (a restored reply renders in one go, a live one in pieces). */
  const text = (part: string) =>
    [...(chat()?.shadowRoot?.querySelectorAll(`[part~="${part}"]`) ?? [])].map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()).join('\n');

  async function load(): Promise<void> {
    const loaded = new Promise((r) => (frame.onload = r));
    if (frame.isConnected) frame.contentWindow!.location.reload();
    else document.body.append(frame);
    await loaded;
    // No endpoint answers here, so the demo falls back to its scripted model.
    await until(() => frame.contentDocument?.getElementById('model-badge')?.textContent?.includes('Scripted'), 'the scripted model');
  }

  before(() => {
    localStorage.removeItem('pageloop-demo-thread');
    frame = document.createElement('iframe');
    frame.style.width = '1280px';
    frame.style.height = '800px';
    frame.src = '/demo/index.html';
  });
  after(() => frame.remove());

  it('shows the same conversation, in the same thread, after the page reloads', async () => {
    await load();
    const finished = new Promise<void>((resolve) =>
      chat()!.addEventListener('agent-event', (e) => {
        if ((e as CustomEvent<{ type: string }>).detail.type === 'final') resolve();
      }),
    );
    chat()!.send('show pending orders');
    await finished;
    // The reply's last tokens are rendered a frame or more after `final`: read it once it stops changing.
    let shown = '';
    let same = 0;
    await until(() => {
      const now = text('assistant');
      same = now === shown ? same + 1 : 0;
      shown = now;
      return same >= 4 && now !== '';
    }, 'the reply rendered in full', 200);
    const before = { user: text('user'), assistant: text('assistant') };
    expect(before.user).to.contain('show pending orders');
    expect(before.assistant).to.contain('1004');
    const thread = chat()!.getAttribute('thread');
    expect(thread, 'the demo keeps its conversation in a thread').to.be.a('string');

    await load();
    await until(() => text('assistant') === before.assistant, 'the stored reply after the reload', 200).catch(() => {});
    expect(chat()!.getAttribute('thread')).to.equal(thread);
    expect(text('user')).to.equal(before.user);
    expect(text('assistant')).to.equal(before.assistant);
    // The thread list is there to switch to earlier conversations.
    expect(chat()!.shadowRoot!.querySelector('[part~="threads"]')).to.not.equal(null);
  });
});
