// The same app without its engine page: an app that never uses the in-page
// engine (it never imports `pageloop/engine`). Its build must emit nothing of
// the engine: no llama.cpp wasm, no agent worker with the engine in it.
export default {
  build: {
    outDir: 'dist-plain',
    rollupOptions: { input: { element: 'index.html', library: 'library.html', chat: 'chat.html' } },
  },
};
