// The retry wait as <agent-chat> shows it: the seconds left tick down (with a
// fake clock: once a second, stopping at 0, no timer left), and in the element
// on the mock endpoint a 429 with retry-after shows decreasing values with a
// Stop button, while the live region's text is set once, not every tick.
import { expect } from 'chai';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { englishSpeech } from '../../components/conversation/conversation-words.js';
import { RetryCountdown, retryCountdownText, type CountdownClock, type RetryWait } from '../../components/conversation/retry-countdown.js';
import { errorTurn, textTurn } from '../../src/testing/chunks.js';
import { axeViolations } from './axe.js';
import { chatOnMock, part, typeAndEnter, until, type ChatFixture } from './helpers.js';

/** A clock whose time moves only when the test says. */
class FakeClock implements CountdownClock {
  time = 1000;
  timers: { at: number; fn: () => void }[] = [];
  now = (): number => this.time;
  after = (ms: number, fn: () => void): (() => void) => {
    const timer = { at: this.time + ms, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  };
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const next = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.time = next.at;
      next.fn();
    }
    this.time = end;
  }
}

/** A host that runs its controllers' hostUpdate on every requested update, as Lit does. */
class FakeHost implements ReactiveControllerHost {
  controllers: ReactiveController[] = [];
  updates = 0;
  addController(c: ReactiveController): void {
    this.controllers.push(c);
  }
  removeController(): void {}
  requestUpdate(): void {
    this.updates++;
    this.update();
  }
  update(): void {
    for (const c of this.controllers) c.hostUpdate?.();
  }
  readonly updateComplete = Promise.resolve(true);
}

describe('retry countdown (fake clock)', () => {
  it('ticks once a second from the delay down to 0, then stops', () => {
    const clock = new FakeClock();
    const host = new FakeHost();
    let wait: RetryWait | null = null;
    const countdown = new RetryCountdown(host, () => wait, clock);
    host.update();
    expect(countdown.remainingSeconds).to.equal(undefined);
    wait = { attempt: 2, delayMs: 3000, reason: 'HTTP 429' };
    host.update();
    const shown: number[] = [countdown.remainingSeconds!];
    const updatesBefore = host.updates;
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      shown.push(countdown.remainingSeconds!);
    }
    expect(shown).to.deep.equal([3, 2, 1, 0, 0, 0]);
    // One re-render per whole second, none after 0, no timer left.
    expect(host.updates - updatesBefore).to.equal(3);
    expect(clock.timers).to.have.length(0);
    expect(retryCountdownText(wait, countdown.remainingMs!, englishSpeech)).to.equal('The server did not answer (HTTP 429): trying again now (attempt 2).');
  });

  it('re-renders when the shown second changes, not a full second after the start of a fractional delay', () => {
    const clock = new FakeClock();
    const host = new FakeHost();
    const wait: RetryWait = { attempt: 2, delayMs: 2500, reason: 'HTTP 503' };
    const countdown = new RetryCountdown(host, () => wait, clock);
    host.update();
    expect(countdown.remainingSeconds).to.equal(3);
    clock.advance(500);
    expect(host.updates).to.equal(1);
    expect(countdown.remainingSeconds).to.equal(2);
  });

  it('starts over for a new retry, and a re-render of the same one does not restart it', () => {
    const clock = new FakeClock();
    const host = new FakeHost();
    let wait: RetryWait | null = { attempt: 2, delayMs: 10_000, reason: 'HTTP 429' };
    const countdown = new RetryCountdown(host, () => wait, clock);
    host.update();
    clock.advance(4000);
    host.update();
    expect(countdown.remainingSeconds).to.equal(6);
    wait = { attempt: 3, delayMs: 10_000, reason: 'HTTP 429' };
    host.update();
    expect(countdown.remainingSeconds).to.equal(10);
    wait = null;
    host.update();
    expect(countdown.remainingMs).to.equal(undefined);
    expect(clock.timers).to.have.length(0);
  });

  it('stops its timer when the element leaves the page', () => {
    const clock = new FakeClock();
    const host = new FakeHost();
    const countdown = new RetryCountdown(host, () => ({ attempt: 2, delayMs: 5000, reason: 'x' }), clock);
    host.update();
    expect(clock.timers).to.have.length(1);
    countdown.hostDisconnected();
    expect(clock.timers).to.have.length(0);
  });
});

describe('agent-chat: the retry countdown on the mock', () => {
  let f: ChatFixture | undefined;
  afterEach(() => {
    f?.remove();
    f = undefined;
  });

  it('counts a 429 retry-after down with Stop, and announces it once', async () => {
    f = await chatOnMock([errorTurn(429, 'Slow down', { 'retry-after': '3' }), textTurn('Done waiting.')]);
    const chat = f.chat;
    const final = f.nextFinal();
    const seconds: number[] = [];
    const announced = new Set<string>();
    let sawStop = false;
    const watch = setInterval(() => {
      const line = part(chat, 'retry');
      if (!line) return;
      const n = Number(line.dataset.remaining);
      if (seconds.at(-1) !== n) seconds.push(n);
      announced.add(chat.shadowRoot!.querySelector('.status-bar [role="status"]')!.textContent!);
      sawStop ||= part(chat, 'stop-button') !== null;
    }, 50);
    await typeAndEnter(chat, 'Hello');
    await final;
    clearInterval(watch);
    // Decreasing, one second at a time (on a loaded machine some may be skipped, never repeated or raised).
    expect(seconds.length).to.be.at.least(2, `seen: ${seconds.join(', ')}`);
    expect(seconds[0]).to.be.at.most(3);
    for (let i = 1; i < seconds.length; i++) expect(seconds[i]).to.be.below(seconds[i - 1]!);
    expect(sawStop).to.equal(true);
    expect([...announced]).to.deep.equal(['The server did not answer (HTTP 429): trying again in 3 s (attempt 2).']);
    // The line and the announcement are gone once the reply comes.
    expect(part(chat, 'retry')).to.equal(null);
    expect(chat.shadowRoot!.querySelector('.status-bar [role="status"]')!.textContent).to.equal('');
    await until(() => part(chat, 'log')!.textContent!.includes('Done waiting.'), 'the reply after the wait');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`is axe-clean while waiting (${theme})`, async () => {
      f = await chatOnMock([errorTurn(429, 'Slow down', { 'retry-after': '5' }), textTurn('ok')]);
      f.chat.theme = theme;
      const final = f.nextFinal();
      await typeAndEnter(f.chat, 'Hello');
      await until(() => part(f!.chat, 'retry'), 'the retry line');
      expect(await axeViolations(f.chat)).to.deep.equal([]);
      f.chat.agent.cancel();
      await final;
    });
  }
});
