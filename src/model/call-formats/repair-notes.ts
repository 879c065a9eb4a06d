/**
 * What the readers mended inside one block of call markup, itemised for the
 * trace (`pageloop.repairs` on the `chat` span): a reader calls `noteRepair`
 * where it reads something a strict parser would refuse, and the parser
 * collects the notes of the block it is reading, under the format's name.
 * Reading is synchronous, so one collector at a time is enough; outside a
 * collection (native tool calls, the streaming filter) a note goes nowhere.
 */

let notes: string[] | undefined;

/** Notes one kind of mend (each kind once per block). */
export function noteRepair(what: string): void {
  if (notes && !notes.includes(what)) notes.push(what);
}

/** Runs `read`, returning what it gave and the mends it noted. */
export function collectRepairs<T>(read: () => T): { value: T; repairs: string[] } {
  const outer = notes;
  const own: string[] = [];
  notes = own;
  try {
    return { value: read(), repairs: own };
  } finally {
    notes = outer;
  }
}
