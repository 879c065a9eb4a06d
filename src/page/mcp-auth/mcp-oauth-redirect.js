// The end of an MCP sign-in popup (pageloop's redirect page): hands the
// authorization server's answer to the page that opened it, over a
// same-origin BroadcastChannel, and closes. Nothing of it is shown for long.
const params = new URLSearchParams(location.search);
const channel = new BroadcastChannel('pageloop-mcp-oauth');
channel.postMessage({ state: params.get('state'), code: params.get('code'), error: params.get('error'), errorDescription: params.get('error_description') });
channel.close();
window.close();
