// The demo's layout, measured in a 1280×800 frame (issue 25, item 12): the
// chat keeps room with "Model settings" open, the "Remember the key" checkbox
// sits beside its text, the demo's buttons read at 4.5:1 or better in the dark
// scheme the system picks, and a markdown table in a reply scrolls sideways
// instead of breaking its words.
import { expect } from 'chai';

async function until<T>(check: () => T | null | undefined | false, what: string, tries = 2400): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** WCAG relative luminance of a computed `rgb(…)` colour. */
function luminance(color: string): number {
  const [r, g, b] = color.match(/[\d.]+/g)!.slice(0, 3).map(Number).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('demo page layout', function () {
  this.timeout(90000);
  let frame: HTMLIFrameElement;
  const doc = () => frame.contentDocument!;
  const chatRoot = () => doc().querySelector('agent-chat')!.shadowRoot!;

  before(async () => {
    frame = document.createElement('iframe');
    frame.style.cssText = 'width: 1280px; height: 800px; border: 0';
    frame.src = '/demo/index.html';
    const loaded = new Promise((r) => (frame.onload = r));
    document.body.append(frame);
    await loaded;
    await until(() => doc().getElementById('model-badge')?.textContent?.includes('Scripted'), 'the scripted model');
  });
  after(() => frame.remove());

  it('with Model settings open at 1280×800, the chat log keeps room to read', async () => {
    (doc().getElementById('settings') as HTMLDetailsElement).open = true;
    await new Promise((r) => requestAnimationFrame(r));
    const log = chatRoot().querySelector<HTMLElement>('[part~="log"]')!;
    expect(log.getBoundingClientRect().height).to.be.at.least(200);
    (doc().getElementById('settings') as HTMLDetailsElement).open = false;
  });

  it('with Model settings open at 1280×800, the settings form\'s buttons are in sight, whole, inside their scroll box', async () => {
    const settings = doc().getElementById('settings') as HTMLDetailsElement;
    settings.open = true;
    settings.scrollTop = 0;
    await new Promise((r) => requestAnimationFrame(r));
    const box = settings.getBoundingClientRect();
    const buttons = [...doc().querySelectorAll<HTMLButtonElement>('#settings-form .settings-actions button')];
    expect(buttons.map((b) => b.textContent!.trim())).to.deep.equal(['Save and check', 'Use the scripted demo']);
    for (const b of buttons) {
      const r = b.getBoundingClientRect();
      expect(r.top, b.textContent!).to.be.at.least(box.top);
      expect(r.bottom, b.textContent!).to.be.at.most(box.bottom);
      // Nothing of the form is drawn over it: the button itself is what a click there hits.
      expect(doc().elementFromPoint(r.left + r.width / 2, r.top + r.height / 2), b.textContent!).to.equal(b);
    }
    settings.open = false;
  });

  it('the "Remember the key" checkbox sits on the line of its text', async () => {
    (doc().getElementById('settings') as HTMLDetailsElement).open = true;
    const box = doc().querySelector<HTMLInputElement>('input[name="rememberKey"]')!;
    const label = box.closest('label')!;
    const text = [...label.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())!;
    const range = doc().createRange();
    range.selectNodeContents(text);
    const firstLine = range.getClientRects()[0]!;
    const b = box.getBoundingClientRect();
    expect(Math.abs(b.top + b.height / 2 - (firstLine.top + firstLine.height / 2))).to.be.below(6);
    expect(b.right).to.be.at.most(firstLine.left);
    (doc().getElementById('settings') as HTMLDetailsElement).open = false;
  });

  it('in the dark scheme the system picks, every demo button reads at 4.5:1 or better', async () => {
    doc().documentElement.style.colorScheme = 'dark';
    (doc().getElementById('settings') as HTMLDetailsElement).open = true;
    try {
      const buttons = [...doc().querySelectorAll<HTMLButtonElement>('button')].filter((b) => b.getClientRects().length > 0);
      expect(buttons.length).to.be.at.least(3);
      const low = buttons
        .map((b) => {
          const s = getComputedStyle(b);
          let bg = s.backgroundColor;
          for (let el: Element | null = b; el && /rgba\(0, 0, 0, 0\)|transparent/.test(bg); el = el.parentElement) bg = getComputedStyle(el).backgroundColor;
          return { text: b.textContent!.trim(), ratio: contrast(s.color, bg) };
        })
        .filter((r) => r.ratio < 4.5);
      expect(low).to.deep.equal([]);
    } finally {
      doc().documentElement.style.colorScheme = '';
      (doc().getElementById('settings') as HTMLDetailsElement).open = false;
    }
  });

  it('a markdown table in a reply scrolls sideways; no word in it is broken', async () => {
    const chat = doc().querySelector('agent-chat')!;
    const run = chat.send('Show all orders');
    const final = await run.done;
    if (final.reason !== 'answer') throw new Error(`the run ended ${final.reason}: ${final.text}`);
    await chat.updateComplete;
    const table = await until(() => chatRoot().querySelector<HTMLElement>('[part~="assistant"] table'), 'the reply with its table');
    const cells = [...table.querySelectorAll('th, td')];
    expect(cells.length).to.be.above(5);
    const broken = cells.filter((cell) => {
      const range = doc().createRange();
      range.selectNodeContents(cell);
      // Words on one line each: a word broken across lines makes a line box more than the words have.
      const words = cell.textContent!.trim().split(/\s+/).length;
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      return lines > words;
    });
    expect(broken.map((c) => c.textContent)).to.deep.equal([]);
    const scroller = getComputedStyle(table).overflowX === 'auto' ? table : table.parentElement!;
    expect(getComputedStyle(scroller).overflowX).to.equal('auto');
    expect(scroller.scrollWidth).to.be.above(scroller.clientWidth);
  });
});

describe('demo page layout, 420 px wide', function () {
  this.timeout(90000);
  let frame: HTMLIFrameElement;
  after(() => frame.remove());

  it('a reply with a wide table does not widen the page: the table scrolls inside the reply', async () => {
    frame = document.createElement('iframe');
    frame.style.cssText = 'width: 420px; height: 900px; border: 0';
    frame.src = '/demo/index.html';
    const loaded = new Promise((r) => (frame.onload = r));
    document.body.append(frame);
    await loaded;
    const doc = frame.contentDocument!;
    await until(() => doc.getElementById('model-badge')?.textContent?.includes('Scripted'), 'the scripted model');
    const chat = doc.querySelector('agent-chat')!;
    await chat.send('Show all orders').done;
    await chat.updateComplete;
    expect(chat.shadowRoot!.querySelector('[part~="assistant"] table')).not.to.equal(null);
    expect(doc.documentElement.scrollWidth).to.be.at.most(420);
  });
});
