/**
 * Notices whose English is written where they are reported — by the worker
 * (files sent but not kept), by WebMCP's status, by the MCP panel (a prompt
 * command with no servers) —, by id: the ids every catalog translates. Like
 * error-words.ts, this table is never loaded by the page: the log keeps such
 * a notice's English `text` (shown in English) and its `said` (this id and
 * its values), which a catalog or the app's `labels` writes when drawn. A
 * text value is someone else's words or a name (a file's, a command, the
 * browser's message) and is drawn as it is, `translate="no"`; a number is a
 * count that picks a plural form.
 *
 * Invariant: each English line here is the one its reporter writes
 * (test/components/i18n/notice-words.test.ts checks them side by side).
 */
export const reportedNoticeWords = {
  noticeWebmcpUnavailable: 'WebMCP: this browser has no WebMCP (document.modelContext), so no tools are shared with browser agents or taken from the page.',
  noticeWebmcpError: (message: string) => `WebMCP error: ${message}`,
  /** A problem of `WebMcpStatus.problems` (src/page/webmcp/webmcp-problem.ts writes its sentence): `tool` a name, `error` the browser's own text. */
  noticeWebmcpNotRegistered: (tool: string, error: string) => `WebMCP error: "${tool}" could not be registered: ${error}`,
  noticeWebmcpNotOffered: (tool: string, error: string) => `WebMCP error: "${tool}" is not offered: ${error}`,
  noticeWebmcpNoListing: "WebMCP error: this browser's WebMCP cannot list or run other tools (no getTools() and executeTool()), so none are offered",
  noticeWebmcpListFailed: (error: string) => `WebMCP error: getTools() failed: ${error}`,
  /** `error`: the thrown error's own text (a browser's or the WebMCP API's words). */
  noticeWebmcpNoStart: (error: string) => `WebMCP could not start: ${error}`,
  noticeNotKept: (count: number, names: string, reason: string) =>
    `${names} ${count === 1 ? 'was' : 'were'} sent but not kept with the conversation (${reason}): after a reload ${count === 1 ? 'it' : 'they'} will be missing.`,
  noticeNotKeptFull: (count: number, names: string) =>
    `${names} ${count === 1 ? 'was' : 'were'} sent but not kept with the conversation (the browser's storage for this site is full): after a reload ${count === 1 ? 'it' : 'they'} will be missing.`,
  noticeNoMcpServers: (command: string) => `No MCP prompt ${command}: this chat has no MCP servers.`,
};

export type ReportedNoticeWords = typeof reportedNoticeWords;

/** A reported notice as data: its id and its values (texts drawn as they are, counts as numbers). */
export type ReportedPhrase = readonly [keyof ReportedNoticeWords, ...Array<string | number>];
