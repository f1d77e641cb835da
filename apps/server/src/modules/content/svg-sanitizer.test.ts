import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './svg-sanitizer.js';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
const run = (svg: string) => sanitizeSvg(Buffer.from(svg, 'utf8'));

/** Nothing in the stored text could run, fetch or navigate anywhere. */
function expectInert(text: string) {
  expect(text).not.toMatch(/<(?:\w+:)?script/i);
  expect(text).not.toMatch(/\son\w+\s*=/i);
  expect(text).not.toMatch(/javascript|vbscript/i);
  expect(text).not.toMatch(/foreignObject|<iframe|<embed|<object/i);
  expect(text).not.toMatch(/href\s*=\s*["'](?!#|data:image\/(?:png|jpeg|gif|webp);base64,)/i);
  expect(text).not.toMatch(/url\(\s*(?!['"]?#)/i);
  expect(text).not.toMatch(/@import/i);
}

describe('the SVG sanitiser', () => {
  const payloads: [string, string][] = [
    ['a plain script', `<svg ${NS}><script>alert(1)</script></svg>`],
    ['a script behind a namespace prefix', `<svg ${NS}><s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script></svg>`],
    ['a prefixed root-namespace script in CDATA', `<svg ${NS} xmlns:x="http://www.w3.org/2000/svg"><x:script><![CDATA[alert(1)]]></x:script></svg>`],
    ['an upper-case script', `<svg ${NS}><SCRIPT>alert(1)</SCRIPT></svg>`],
    ['a javascript: link written with an entity', `<svg ${NS}><a href="javascript&#58;alert(1)"><text>x</text></a></svg>`],
    ['a javascript: link with a hex entity and spaces', `<svg ${NS}><a href=" jav&#x61;script:alert(1)"><text>x</text></a></svg>`],
    ['a javascript: link split by a tab entity', `<svg ${NS}><a href="java&#9;script:alert(1)"><text>x</text></a></svg>`],
    ['an xlink:href javascript: link', `<svg ${NS} ${XLINK}><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>`],
    ['an onload handler on the root', `<svg ${NS} onload="alert(1)"><rect width="1" height="1"/></svg>`],
    ['a handler on a child', `<svg ${NS}><rect width="1" height="1" onclick="alert(1)"/></svg>`],
    ['a handler in another namespace', `<svg ${NS} xmlns:e="http://www.w3.org/2001/xml-events"><rect e:onclick="alert(1)"/></svg>`],
    ['foreignObject with HTML', `<svg ${NS}><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject></svg>`],
    ['an entity that spells a script URL', `<!DOCTYPE svg [<!ENTITY js "javascript:alert(1)">]><svg ${NS}><a href="&js;"><text>x</text></a></svg>`],
    ['CSS url(javascript:) in a style attribute', `<svg ${NS}><rect style="fill:url(javascript:alert(1))"/></svg>`],
    ['CSS that fetches in a style element', `<svg ${NS}><style>@import url(https://evil.example/x.css); rect{fill:url(https://evil.example/t)}</style></svg>`],
    ['an animation that sets a link', `<svg ${NS}><a><animate attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>`],
    ['a set that installs a handler', `<svg ${NS}><rect width="1" height="1"><set attributeName="onmouseover" to="alert(1)"/></rect></svg>`],
    ['a data: URL holding a script document', `<svg ${NS}><a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"><text>x</text></a></svg>`],
    ['an iframe', `<svg ${NS}><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></svg>`],
    ['an @import spelled with a CSS escape', `<svg ${NS}><style>@\\69mport 'https://evil.example/x.css';</style><rect width="1" height="1"/></svg>`],
    ['a url( spelled with a CSS escape in a style element', `<svg ${NS}><style>rect{fill:u\\72l(https://evil.example/t)}</style><rect width="1" height="1"/></svg>`],
    ['a url( spelled with a CSS escape in a style attribute', `<svg ${NS}><rect width="1" height="1" style="fill:u\\72l(https://evil.example/t)"/></svg>`],
    ['a url( spelled with a CSS escape in a presentation attribute', `<svg ${NS}><rect width="1" height="1" fill="\\75rl(https://evil.example/t)"/></svg>`],
    ['an escaped url( with the escape closed by a space', `<svg ${NS}><style>rect{fill:\\000075 rl(//evil.example/t)}</style><rect width="1" height="1"/></svg>`],
  ];

  it.each(payloads)('refuses %s', (_name, svg) => {
    expect(run(svg).kind).toBe('unsafe');
  });

  const strays: [string, string][] = [
    ['a <use> of an outside file', `<svg ${NS}><use href="https://evil.example/sprite.svg#a"/></svg>`],
    ['an xlink <use> of an outside file', `<svg ${NS} ${XLINK}><use xlink:href="//evil.example/sprite.svg#a"/></svg>`],
    ['an image from elsewhere', `<svg ${NS}><image href="https://evil.example/track.png" width="1" height="1"/></svg>`],
    ['an SVG data image', `<svg ${NS}><image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" width="1" height="1"/></svg>`],
    ['a link to a web page', `<svg ${NS}><a href="https://example.com"><text>x</text></a></svg>`],
    ['unknown elements and data attributes', `<svg ${NS} data-x="1"><metadata>m</metadata><blink>b</blink><rect width="1" height="1"/></svg>`],
  ];

  it.each(strays)('keeps the picture but drops %s', (_name, svg) => {
    const result = run(svg);
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    const text = result.svg.toString('utf8');
    expectInert(text);
    expect(text).toMatch(/^<\?xml[^>]*>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('keeps a normal drawing whole: shapes, gradients, local references, text and raster data images', () => {
    const drawing = `<?xml version="1.0"?>
<!-- made by hand -->
<svg ${NS} ${XLINK} width="120" height="80" viewBox="0 0 120 80">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9cf"/><stop offset="1" stop-color="#fff"/></linearGradient>
    <clipPath id="clip"><circle cx="60" cy="40" r="30"/></clipPath>
    <filter id="blur"><feGaussianBlur stdDeviation="1"/></filter>
    <path id="wave" d="M0 60 Q30 50 60 60 T120 60"/>
  </defs>
  <rect width="120" height="80" fill="url(#sky)"/>
  <g clip-path="url(#clip)" filter="url(#blur)"><circle cx="60" cy="40" r="20" fill="orange" style="opacity:0.9"/></g>
  <use href="#wave" stroke="navy" fill="none"/>
  <use xlink:href="#wave" transform="translate(0 5)" stroke="teal" fill="none"/>
  <text x="10" y="75" font-family="serif">Harbour &amp; sea</text>
  <image width="1" height="1" href="data:image/png;base64,iVBORw0KGgo="/>
</svg>`;
    const result = run(drawing);
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    const text = result.svg.toString('utf8');
    expectInert(text);
    for (const part of [
      'viewBox="0 0 120 80"',
      '<linearGradient id="sky"',
      'stop-color="#9cf"',
      '<clipPath id="clip">',
      '<feGaussianBlur stdDeviation="1"',
      'fill="url(#sky)"',
      'clip-path="url(#clip)"',
      'style="opacity:0.9"',
      'href="#wave"',
      'Harbour &amp; sea',
      'href="data:image/png;base64,iVBORw0KGgo="',
    ]) {
      expect(text).toContain(part);
    }
    expect(text.match(/<use /g)).toHaveLength(2);
  });

  it('says what is not an SVG at all', () => {
    expect(run('hello').kind).toBe('not-svg');
    expect(run('<html><svg></svg></html>').kind).toBe('not-svg');
    expect(run(`<svg ${NS}><rect></svg>`).kind).toBe('not-svg');
  });
});
