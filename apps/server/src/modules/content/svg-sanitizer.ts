import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * Uploaded SVG is served from our own origin, so it is rebuilt from an allow-list before it is
 * stored: parsed as XML (it must be well-formed, with an <svg> root), then sanitised by DOMPurify's
 * SVG profile over jsdom, then walked once more for what DOMPurify leaves to the browser (links
 * outside the file, CSS that loads things). The stored bytes are the rebuilt document, never the
 * upload. Active content (script, event handlers, script URLs, foreignObject, entity definitions)
 * is reported so the upload can be refused with a reason.
 */
export type SvgResult = { kind: 'not-svg' } | { kind: 'unsafe' } | { kind: 'ok'; svg: Buffer };

const SVG_NS = 'http://www.w3.org/2000/svg';
const ACTIVE_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'object', 'embed', 'handler', 'listener', 'audio', 'video']);
/** Images drawn inside the SVG may be raster data URLs; nothing else may be fetched. */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
/** A URL that runs script or opens a document of its own (a data: URL that is not an image). */
const SCRIPT_URL = /^\s*(?:javascript|vbscript|livescript|data(?!:image\/))\s*:/i;
/** CSS that fetches or runs anything: url() other than a local #fragment, @import, expression(). */
const ACTIVE_CSS = /url\s*\(\s*(?!['"]?\s*#)|@import|expression\s*\(|javascript\s*:|behavior\s*:|-moz-binding/i;
/**
 * A CSS escape (`@\69mport`, `u\72l(`) spells any keyword past the checks above, and CSS has no
 * other use for a backslash: a style or presentation value that holds one is dropped.
 */
const CSS_ESCAPE = /\\/;

let purifier: { window: JSDOM['window']; purify: ReturnType<typeof createDOMPurify> } | null = null;
function getPurifier() {
  if (!purifier) {
    const { window } = new JSDOM('');
    purifier = { window, purify: createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]) };
  }
  return purifier;
}

/** Strips a leading BOM, XML declaration, comments and doctype, as the sniffing of old did. */
function looksLikeSvg(text: string): boolean {
  const head = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[\s\S]*?\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/i, '')
    .trimStart();
  return /^<svg[\s>/]/i.test(head);
}

/** Browsers drop tabs, newlines and control characters inside a URL's scheme; so does this check. */
const isScriptUrl = (value: string) => SCRIPT_URL.test(value.replace(/[\s\p{Cc}]/gu, ''));

/** An event handler attribute, whatever namespace prefix it wears. */
const isHandler = (name: string) => /^on/i.test(name.split(':').pop() ?? '');

/** Script-bearing elements, handlers, script URLs and animations of links or handlers, as parsed. */
function isActiveElement(el: Element): boolean {
  if (ACTIVE_ELEMENTS.has(el.localName.toLowerCase())) return true;
  return [...el.attributes].some(
    (a) =>
      isHandler(a.localName) ||
      (/href$/i.test(a.localName) && isScriptUrl(a.value)) ||
      (a.localName.toLowerCase() === 'attributename' && /^\s*(?:on|(?:\w+:)?href\s*$)/i.test(a.value)),
  );
}

export function sanitizeSvg(data: Buffer): SvgResult {
  const text = data.toString('utf8');
  if (!looksLikeSvg(text)) return { kind: 'not-svg' };
  // Entity definitions are how XML smuggles text past a reader (and how billion-laughs works).
  if (/<!ENTITY/i.test(text)) return { kind: 'unsafe' };

  // Well-formed XML with an <svg> root, or it is not an SVG a browser would draw.
  let xmlRoot: Element;
  try {
    xmlRoot = new JSDOM(text, { contentType: 'image/svg+xml' }).window.document.documentElement;
  } catch {
    return { kind: 'not-svg' };
  }
  if (xmlRoot.localName !== 'svg') return { kind: 'not-svg' };
  let isActive = [xmlRoot, ...xmlRoot.querySelectorAll('*')].some(isActiveElement);

  const { window, purify } = getPurifier();
  const body = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    RETURN_DOM: true,
    // Nothing outside the allow-list survives, whatever namespace prefix it came with. <use> may
    // stay: its reference is checked below and must point inside the file.
    ADD_TAGS: ['use'],
    ALLOW_DATA_ATTR: false,
  });
  for (const removed of purify.removed as { element?: Node; attribute?: Attr | null }[]) {
    const el = removed.element as Element | undefined;
    if (el && 'localName' in el && ACTIVE_ELEMENTS.has(String(el.localName).split(':').pop()!.toLowerCase())) isActive = true;
    const attr = removed.attribute;
    if (attr && (isHandler(attr.name) || (/href$/i.test(attr.name) && isScriptUrl(attr.value)))) isActive = true;
  }
  const svg = [...body.childNodes].find((n): n is Element => (n as Element).localName === 'svg' && (n as Element).namespaceURI === SVG_NS);
  if (!svg) return { kind: 'not-svg' };

  // What DOMPurify leaves to the browser: links and references outside the file, and CSS.
  for (const el of [svg, ...svg.querySelectorAll('*')]) {
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      // An animation may only animate presentation, never a link or an event handler.
      if (name === 'attributename' && /^\s*(?:on|(?:\w+:)?href\s*$)/i.test(attr.value)) {
        isActive = true;
        el.removeAttributeNode(attr);
      } else if (name === 'href' || name.endsWith(':href')) {
        const value = attr.value.trim();
        const isLocal = value.startsWith('#');
        const isImageData = el.localName === 'image' && DATA_IMAGE.test(value);
        if (!isLocal && !isImageData) {
          if (isScriptUrl(value)) isActive = true;
          el.removeAttributeNode(attr);
        }
      } else if (
        CSS_ESCAPE.test(attr.value) ||
        (ACTIVE_CSS.test(attr.value) && (name === 'style' || /url\s*\(/i.test(attr.value)))
      ) {
        isActive = true;
        el.removeAttributeNode(attr);
      }
    }
    if (el.localName === 'style' && (ACTIVE_CSS.test(el.textContent ?? '') || CSS_ESCAPE.test(el.textContent ?? ''))) {
      isActive = true;
      el.remove();
    }
  }
  if (isActive) return { kind: 'unsafe' };
  const xml = new window.XMLSerializer().serializeToString(svg);
  return { kind: 'ok', svg: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`, 'utf8') };
}
