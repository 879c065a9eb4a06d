/**
 * What ↑ and ↓ recall in the composer: earlier inputs of this page's life,
 * kept in memory only (nothing is written to storage without a `thread`).
 */
export class InputHistory {
  readonly #entries: string[] = [];
  /** Index into `entries` while browsing; `entries.length` means "the draft". */
  #index = 0;
  #draft = '';

  /** Remembers a sent input and stops browsing. */
  add(text: string): void {
    if (text !== '' && this.#entries[this.#entries.length - 1] !== text) this.#entries.push(text);
    this.#index = this.#entries.length;
    this.#draft = '';
  }

  /** The input before the current one, or null at the oldest. `current` is kept as the draft. */
  previous(current: string): string | null {
    if (this.#index === 0) return null;
    if (this.#index === this.#entries.length) this.#draft = current;
    this.#index--;
    return this.#entries[this.#index]!;
  }

  /** The input after the current one, the draft after the newest, or null when not browsing. */
  next(): string | null {
    if (this.#index >= this.#entries.length) return null;
    this.#index++;
    return this.#index === this.#entries.length ? this.#draft : this.#entries[this.#index]!;
  }
}
