// Code and docs cite sections of the docs by anchor (`docs/api.md#lists`); a renamed heading silently breaks
// every such citation, so each one is checked against the headings of the page it names.
import { describe, expect, it } from 'vitest';
import { anchorCitations, brokenAnchors, pageAnchors } from './doc-anchors';

describe('anchors cited from code and docs', () => {
  it('reads anchors as GitHub makes them', () => {
    const page = '# Lists\n## Errors and `429`\n```\n# not a heading\n```\n## Lists\n<a id="here"></a>\n';
    expect([...pageAnchors(page)]).toEqual(['lists', 'errors-and-429', 'lists-1', 'here']);
  });

  it('finds citations in code and links in Markdown', () => {
    const cited = anchorCitations().map((c) => `${c.target}#${c.anchor}`);
    expect(cited).toContain('docs/api.md#lists');
    expect(cited).toContain('README.md#an-external-mosquitto');
  });

  it('all exist', () => {
    expect(brokenAnchors()).toEqual([]);
  });
});
