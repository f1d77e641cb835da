export { cachedPageHeads, resolvePage } from './pages.heads.js';
export { registerSitemap } from './pages.sitemap.js';
