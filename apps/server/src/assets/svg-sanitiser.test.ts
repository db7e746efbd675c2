import { describe, expect, it } from 'vitest';
import { ELF, png } from '../test/images';
import { MAX_SVG_TAGS, sanitisedSvg } from './svg-sanitiser';

const svg = (inner: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attrs}>${inner}</svg>`;
async function clean(text: string) {
  const outcome = await sanitisedSvg(Buffer.from(text));
  return outcome.kind === 'svg' ? Buffer.from(outcome.bytes).toString('utf8') : outcome.kind;
}

describe('sanitisedSvg', () => {
  it('keeps a plain drawing as it is drawn: gradients, clip paths, local references, text', async () => {
    const out = await clean(
      svg(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#2a7"/></linearGradient>' +
          '<clipPath id="c"><rect width="5" height="5"/></clipPath></defs>' +
          '<style>.a { fill: url(#g) }</style>' +
          '<rect class="a" width="10" height="10" fill="url(#g)" clip-path="url(#c)"/><text x="1" y="9">Hi &amp; bye</text>',
      ),
    );
    expect(out).toContain('<linearGradient id="g">');
    expect(out).toContain('<clipPath id="c">');
    expect(out).toContain('viewBox="0 0 10 10"');
    expect(out).toContain('fill="url(#g)"');
    expect(out).toContain('clip-path="url(#c)"');
    expect(out).toContain('.a { fill: url(#g) }');
    expect(out).toContain('Hi &amp; bye');
    expect(out?.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });

  it('keeps the SVG when an XML declaration and a DOCTYPE come first, and drops the prolog', async () => {
    const out = await clean(
      `\uFEFF<?xml version="1.0"?>\n<?xml-stylesheet href="https://evil.example/x.css"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${svg('<circle r="4"/>')}`,
    );
    expect(out).toContain('<circle r="4"/>');
    expect(out).not.toContain('evil.example');
    expect(out).not.toContain('DOCTYPE');
  });

  it.each([
    ['a script element', svg('<script>alert(1)</script><circle r="1"/>'), ['<script', 'alert']],
    ['a script in CDATA', svg('<script><![CDATA[alert(1)]]></script>'), ['<script']],
    ['an onload handler', svg('<circle r="1"/>', ' onload="alert(1)"'), ['onload', 'alert']],
    ['an onclick handler', svg('<rect width="1" height="1" onclick="alert(1)"/>'), ['onclick', 'alert']],
    ['a javascript: link', svg('<a xlink:href="javascript:alert(1)"><circle r="1"/></a>'), ['javascript']],
    ['a javascript: href', svg('<a href=" javascript:alert(1)"><circle r="1"/></a>'), ['javascript']],
    ['an external link', svg('<a href="https://evil.example/"><circle r="1"/></a>'), ['evil.example']],
    ['an external image', svg('<image href="https://evil.example/x.png" width="1" height="1"/>'), ['evil.example']],
    ['a data: image', svg('<image xlink:href="data:image/png;base64,AAAA" width="1" height="1"/>'), ['data:']],
    ['an external use', svg('<use href="https://evil.example/s.svg#x"/>'), ['evil.example']],
    [
      'a foreignObject',
      svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>'),
      ['foreignObject', '<div'],
    ],
    [
      'an external url() in an attribute',
      svg('<rect width="1" height="1" fill="url(https://evil.example/#p)"/>'),
      ['evil.example'],
    ],
    [
      'an escaped url() in an attribute',
      svg('<rect width="1" height="1" filter="u\\72l(https://evil.example/#f)"/>'),
      ['evil.example'],
    ],
    [
      'an external url() in a style attribute',
      svg('<rect width="1" height="1" style="fill: url(\'https://evil.example/p\')"/>'),
      ['evil.example'],
    ],
    [
      'an @import in a style element',
      svg('<style>@import "https://evil.example/x.css";</style><circle r="1"/>'),
      ['evil.example', '@import'],
    ],
    [
      'an external font in a style element',
      svg('<style>@font-face { src: url(https://evil.example/f.woff) }</style>'),
      ['evil.example'],
    ],
    [
      'an animation that sets a link',
      svg('<a><animate attributeName="href" to="javascript:alert(1)"/><circle r="1"/></a>'),
      ['animate', 'javascript'],
    ],
    ['a set that adds a handler', svg('<set attributeName="onmouseover" to="alert(1)"/>'), ['<set', 'alert']],
    ['an iframe', svg('<iframe src="https://evil.example/"/>'), ['iframe', 'evil.example']],
  ])('removes %s', async (_, text, gone) => {
    const out = await clean(text);
    expect(out).toMatch(/^<svg /);
    for (const g of gone) expect(out).not.toContain(g);
  });

  it.each([
    ['HTML', '<html><body><svg xmlns="http://www.w3.org/2000/svg"/></body></html>'],
    ['XML of another root', '<?xml version="1.0"?><note><to>x</to></note>'],
    ['an SVG that is not well formed', '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'],
    ['text', 'hello <svg>'],
    ['an executable', ELF],
    ['a PNG', png()],
    ['bytes that are not UTF-8', Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0xfe, 0x3e])],
  ])('is no SVG: %s', async (_, content) => {
    expect(await sanitisedSvg(Buffer.from(content))).toEqual({ kind: 'not-svg' });
  });

  it('calls a drawing of more than MAX_SVG_TAGS tags too complex, before building any DOM', async () => {
    const many = (n: number) => svg('<circle r="1"/>'.repeat(n - 2));
    expect(await clean(many(MAX_SVG_TAGS + 1))).toBe('too-complex');
    expect(await clean(svg('<circle r="1"/>'.repeat(50)))).toMatch(/^<svg /);
  });
});
