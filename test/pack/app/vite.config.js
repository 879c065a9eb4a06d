// A plain Vite app of three pages (no plugins): what `npm create vite` gives,
// plus pages. Kept free of imports so it needs nothing but the installed vite.
export default {
  build: {
    rollupOptions: { input: { element: 'index.html', library: 'library.html', engine: 'engine.html' } },
  },
};
