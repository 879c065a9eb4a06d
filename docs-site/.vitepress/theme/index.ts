/**
 * The default VitePress theme, with the few style fixes in custom.css that
 * keep the site axe-clean in both themes (scripts/docs/check-site.js).
 */
import DefaultTheme from 'vitepress/theme';
import './custom.css';

export default DefaultTheme;
