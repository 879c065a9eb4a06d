/**
 * A byte count as people read it, one way everywhere: the element's file
 * chips and the agent's refusals ("is 20.5 MB; one file may be at most
 * 20 MB") say the same size the same way. Units of 1024, as file pickers
 * show them; one decimal below 10 KB and from 1 MB up, where the size near
 * a limit matters, none where it does not.
 *
 * Below every room (the page's and the worker's code both import it).
 *
 * @example
 * formatBytes(312);              // '312 B'
 * formatBytes(2458);             // '2.4 KB'
 * formatBytes(839_680);          // '820 KB'
 * formatBytes(21_495_808);       // '20.5 MB'
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${oneDecimal(kb, kb < 10)} KB`;
  const mb = kb / 1024;
  return mb < 1024 ? `${oneDecimal(mb, true)} MB` : `${oneDecimal(mb / 1024, true)} GB`;
}

/** `n` with one decimal (none when it is .0) when `decimal`, else whole. */
function oneDecimal(n: number, decimal: boolean): string {
  return decimal ? n.toFixed(1).replace(/\.0$/, '') : String(Math.round(n));
}
